/** The contract's appeal and outage schemas: the user's and support's views of an appeal, an outage and what it forgave. */
import { arr, bool, dateTime, dateTimeOrNull, int, obj, rupees, str, strOrNull } from './schema-kit.js';
/** src/modules/challenges/appeals/domain/appeal-view.ts: an appeal of a missed morning (the user's view; support's adds to it). */
const appealStatus = { type: 'string', enum: ['OPEN', 'UPHELD', 'REFUNDED'] };
const appealFields = {
  id: str,
  challengeId: str,
  status: appealStatus,
  reason: str,
  decisionNote: { ...strOrNull, description: 'support’s answer, once decided' },
  createdAt: dateTime,
  decidedAt: dateTimeOrNull,
  hasPhoto: { ...bool, description: 'a photo was sent with it (support: GET /support/appeals/{id}/photo)' },
};
export const appealSchema = obj(appealFields);
/** GET /support/appeals (support-appeals.controller.ts list, ListAppealsHandler): who filed it and the morning. */
export const supportAppealSchema = obj({
  ...appealFields,
  userId: str,
  decidedBy: strOrNull,
  user: { ...obj({ email: str, fullName: str }), nullable: true },
  challenge: {
    ...obj({
      challengeDate: { type: 'string', format: 'date' },
      wakeUpTime: { type: 'string', example: '06:00' },
      forfeitAmount: rupees(50),
      status: { type: 'string', enum: ['PENDING', 'COMPLETED', 'PROCESSED', 'CANCELLED'] },
      failureReason: strOrNull,
      checkInTime: dateTimeOrNull,
      hasPhoto: { ...bool, description: 'a check-in selfie is stored: GET /support/challenges/{challengeId}/photo' },
    }),
    nullable: true,
  },
});
/** src/modules/availability/domain/outage-view.ts */
const outageFields = {
  id: str,
  kind: { type: 'string', enum: ['CHECKIN_ERRORS', 'UPLOAD_FAILED', 'API_DOWN', 'WORKER_DOWN', 'INCIDENT'] },
  startedAt: dateTime,
  endedAt: { ...dateTimeOrNull, description: 'null: still going on' },
  detail: str,
  source: { type: 'string', enum: ['recorder', 'support'], description: 'recorder: found in the processes’ own samples; support: recorded by hand by staff' },
  recordedBy: strOrNull,
  createdAt: dateTime,
  updatedAt: dateTime,
};
export const outageSchema = obj(outageFields);
/** GET /support/outages (support-outages.controller.ts): an outage with the settlement lines it forgave. */
export const supportOutageSchema = obj({
  ...outageFields,
  forgiven: arr(
    obj({
      challengeId: str,
      userId: str,
      date: { type: 'string', format: 'date' },
      batch: int,
      refunded: { ...rupees(50), description: 'the whole stake, returned' },
      paid: bool,
      note: strOrNull,
    }),
  ),
});
