/** Response schemas of the support console's mail and suspense views and the health probes. */
import { arr, bool, dateTime, dateTimeOrNull, int, obj, rupees, str, strOrNull } from './schema-kit.js';

/** src/common/mail/mail-outbox.ts OutboxView (GET /support/mail: never a body). */
export const outboxMailSchema = obj({
  id: str,
  kind: str,
  to: str,
  subject: str,
  state: { type: 'string', enum: ['PENDING', 'SENDING', 'SENT', 'FAILED'] },
  attempts: int,
  lastError: strOrNull,
  requestId: strOrNull,
  alerted: bool,
  createdAt: dateTime,
  updatedAt: dateTime,
  sentAt: dateTimeOrNull,
});
/** GET /support/suspense (support-suspense.controller.ts): money held for a closed account, with its movements. */
export const suspenseAccountSchema = obj({
  account: { type: 'string', example: 'user:…:suspense' },
  userId: str,
  balance: { ...rupees(), description: 'rupees still held' },
  entries: arr(
    obj({
      entryId: str,
      postedAt: dateTime,
      reason: str,
      correlation: obj({ type: str, id: str }),
      amount: { ...rupees(), description: 'on the suspense account: positive in, negative out (resolved)' },
      metadata: { type: 'object', additionalProperties: true },
    }),
  ),
});
/** GET /health/live and /health/ready (src/observability/readiness.ts, on terminus): each check and its state. */
export const healthProbeSchema = obj({
  success: bool,
  status: { type: 'string', example: 'ok' },
  details: {
    type: 'object',
    additionalProperties: { type: 'object', required: ['status'], properties: { status: { type: 'string', example: 'up' } }, additionalProperties: true },
    description: 'by check (ready: database, redis, migrations; live: none)',
  },
});
