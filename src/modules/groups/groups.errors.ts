import { DomainError, type ErrorKind } from '../../common/errors/domain-error.js';

/** Every code this module answers with; registered in common's ErrorCode below. */
export type GroupErrorCode =
  | 'GROUPS.INVALID'
  | 'GROUPS.NOT_FOUND'
  | 'GROUPS.INVITE_NOT_FOUND'
  | 'GROUPS.OWNER_ONLY'
  | 'GROUPS.TOO_MANY_GROUPS'
  | 'GROUPS.FULL'
  | 'GROUPS.MEMBER_NOT_FOUND'
  | 'GROUPS.REMOVE_SELF'
  | 'GROUPS.REFEREE_SELF'
  | 'GROUPS.NO_REFEREE'
  | 'GROUPS.CHALLENGE_NOT_FOUND'
  | 'GROUPS.NOT_PHOTO'
  | 'GROUPS.ALREADY_ASKED'
  | 'GROUPS.REQUEST_NOT_FOUND'
  | 'GROUPS.ALREADY_DECIDED'
  | 'GROUPS.PHOTO_NOT_FOUND';

declare module '../../common/errors/error-code.js' {
  interface ErrorCodes {
    groups: GroupErrorCode;
  }
}

const error = (code: GroupErrorCode, kind: ErrorKind, message: string) => new DomainError(code, kind, message);
import { GROUP_LIMITS } from './domain/group-rules.js';

/** The groups module's errors: code, HTTP kind, and the message a person reads. */
export const GroupErrors = {
  invalid: (message: string) => error('GROUPS.INVALID', 'INVALID', message),
  notFound: () => error('GROUPS.NOT_FOUND', 'NOT_FOUND', 'Group not found'),
  inviteNotFound: () => error('GROUPS.INVITE_NOT_FOUND', 'NOT_FOUND', 'This invite link is not valid any more: ask for a new one'),
  ownerOnly: (what: string) => error('GROUPS.OWNER_ONLY', 'FORBIDDEN', `Only the group's owner can ${what}`),
  tooManyGroups: () => error('GROUPS.TOO_MANY_GROUPS', 'INVALID', `You can be in at most ${GROUP_LIMITS.groupsPerUser} groups: leave one first`),
  groupFull: () => error('GROUPS.FULL', 'INVALID', `This group is full: a group has at most ${GROUP_LIMITS.membersPerGroup} members`),
  memberNotFound: () => error('GROUPS.MEMBER_NOT_FOUND', 'NOT_FOUND', 'That person is not a member of this group'),
  removeSelf: () => error('GROUPS.REMOVE_SELF', 'INVALID', 'To leave your own group, use Leave group'),
  refereeSelf: () => error('GROUPS.REFEREE_SELF', 'INVALID', 'You cannot be your own referee'),
  noReferee: () => error('GROUPS.NO_REFEREE', 'INVALID', 'Name a referee in one of your groups first'),
  challengeNotFound: () => error('GROUPS.CHALLENGE_NOT_FOUND', 'NOT_FOUND', 'Challenge not found'),
  notAPhotoCheckIn: () => error('GROUPS.NOT_PHOTO', 'INVALID', 'Only a check-in with a photo can go to your referee'),
  alreadyAsked: () => error('GROUPS.ALREADY_ASKED', 'CONFLICT', 'Your referee has already been asked about this check-in'),
  requestNotFound: () => error('GROUPS.REQUEST_NOT_FOUND', 'NOT_FOUND', 'Referee request not found'),
  alreadyDecided: () => error('GROUPS.ALREADY_DECIDED', 'CONFLICT', 'This check-in has already been answered'),
  photoNotFound: () => error('GROUPS.PHOTO_NOT_FOUND', 'NOT_FOUND', 'Photo not found'),
};
