import { type Schema, arr, bool, dateTime, dateTimeOrNull, int, obj, ok, str, strOrNull } from './schema-kit.js';

/** Groups, the weekly board and referees: no amounts anywhere in these answers. */
const date = { type: 'string', format: 'date' };
const outcome = { type: 'string', enum: ['MADE', 'MISSED', 'PENDING', 'EXCUSED', 'NONE'] };
const refereeStatus = { type: 'string', enum: ['PENDING', 'CONFIRMED', 'REJECTED'] };
const refereeRequest = obj({
  id: str,
  challengeId: str,
  challengeDate: date,
  userId: str,
  userName: str,
  refereeId: str,
  refereeName: str,
  groupId: str,
  status: refereeStatus,
  note: strOrNull,
  createdAt: dateTime,
  decidedAt: dateTimeOrNull,
});
const day = obj(
  {
    date,
    outcome,
    challengeId: { ...str, description: 'only on your own mornings' },
    hasPhoto: { ...bool, description: 'only on your own mornings' },
    referee: { ...obj({ requestId: str, status: refereeStatus, refereeName: str, note: strOrNull }), nullable: true },
  },
  ['date', 'outcome', 'referee'],
);
const groupPage = obj({
  id: str,
  name: str,
  isOwner: bool,
  createdAt: dateTime,
  memberCount: int,
  limits: obj({ membersPerGroup: int }),
  inviteToken: str,
  inviteUrl: str,
  week: obj({ from: date, to: date, days: arr(date) }),
  today: date,
  members: arr(obj({ userId: str, name: str, isOwner: bool, isMe: bool, joinedAt: dateTime, madeThisWeek: int, days: arr(day) })),
  board: arr(obj({ userId: str, name: str, madeThisWeek: int, streak: int, rank: int })),
  boardHidden: { ...int, description: 'members whose leaderboard setting keeps them off the board' },
  myReferee: { ...obj({ userId: str, name: str, groupId: str, inThisGroup: bool }), nullable: true },
});
const refereeRef = { ...obj({ userId: str, name: str, groupId: str }), nullable: true };

export const GROUP_RESPONSES: Record<string, Schema | { mime: string; schema: Schema }> = {
  'POST /api/v1/groups': ok(groupPage, { message: str }),
  'GET /api/v1/groups': ok(
    obj({
      groups: arr(obj({ id: str, name: str, isOwner: bool, memberCount: int, joinedAt: dateTime })),
      limits: obj({ groupsPerUser: int, membersPerGroup: int }),
    }),
  ),
  'GET /api/v1/groups/invites/{token}': ok(obj({ groupId: str, name: str, memberCount: int, isMember: bool, full: bool })),
  'POST /api/v1/groups/join': ok(obj({ groupId: str, name: str, alreadyMember: bool }), { message: str }),
  'GET /api/v1/groups/{id}': ok(groupPage),
  'POST /api/v1/groups/{id}/invite': ok(obj({ inviteToken: str, inviteUrl: str }), { message: str }),
  'DELETE /api/v1/groups/{id}/members/{userId}': ok(obj({ groupId: str, userId: str }), { message: str }),
  'POST /api/v1/groups/{id}/leave': ok(obj({ groupId: str, groupDeleted: bool }), { message: str }),
  'PUT /api/v1/groups/{id}/referee': ok(obj({ referee: refereeRef }), { message: str }),
  'GET /api/v1/groups/referee/overview': ok(
    obj({
      referee: { ...obj({ userId: str, name: str, groupId: str, groupName: str }), nullable: true },
      asked: arr(refereeRequest),
      toReview: arr(refereeRequest),
    }),
  ),
  'POST /api/v1/groups/referee/requests': ok(refereeRequest, { message: str }),
  'GET /api/v1/groups/referee/requests/{id}/photo': { mime: 'image/*', schema: { type: 'string', format: 'binary' } },
  'POST /api/v1/groups/referee/requests/{id}/confirm': ok(refereeRequest, { message: str }),
  'POST /api/v1/groups/referee/requests/{id}/reject': ok(refereeRequest, { message: str }),
};
