import { DomainError } from '../../common/errors/domain-error.js';
import { GROUP_LIMITS } from './domain/group-rules.js';

/** The groups module's errors: code, HTTP kind, and the message a person reads. */
export const GroupErrors = {
  invalid: (message: string) => new DomainError('GROUPS.INVALID', 'INVALID', message),
  notFound: () => new DomainError('GROUPS.NOT_FOUND', 'NOT_FOUND', 'Group not found'),
  inviteNotFound: () => new DomainError('GROUPS.INVITE_NOT_FOUND', 'NOT_FOUND', 'This invite link is not valid any more: ask for a new one'),
  ownerOnly: (what: string) => new DomainError('GROUPS.OWNER_ONLY', 'FORBIDDEN', `Only the group's owner can ${what}`),
  tooManyGroups: () => new DomainError('GROUPS.TOO_MANY_GROUPS', 'INVALID', `You can be in at most ${GROUP_LIMITS.groupsPerUser} groups: leave one first`),
  groupFull: () => new DomainError('GROUPS.FULL', 'INVALID', `This group is full: a group has at most ${GROUP_LIMITS.membersPerGroup} members`),
  memberNotFound: () => new DomainError('GROUPS.MEMBER_NOT_FOUND', 'NOT_FOUND', 'That person is not a member of this group'),
  removeSelf: () => new DomainError('GROUPS.REMOVE_SELF', 'INVALID', 'To leave your own group, use Leave group'),
  refereeSelf: () => new DomainError('GROUPS.REFEREE_SELF', 'INVALID', 'You cannot be your own referee'),
  noReferee: () => new DomainError('GROUPS.NO_REFEREE', 'INVALID', 'Name a referee in one of your groups first'),
  challengeNotFound: () => new DomainError('GROUPS.CHALLENGE_NOT_FOUND', 'NOT_FOUND', 'Challenge not found'),
  notAPhotoCheckIn: () => new DomainError('GROUPS.NOT_PHOTO', 'INVALID', 'Only a check-in with a photo can go to your referee'),
  alreadyAsked: () => new DomainError('GROUPS.ALREADY_ASKED', 'CONFLICT', 'Your referee has already been asked about this check-in'),
  requestNotFound: () => new DomainError('GROUPS.REQUEST_NOT_FOUND', 'NOT_FOUND', 'Referee request not found'),
  alreadyDecided: () => new DomainError('GROUPS.ALREADY_DECIDED', 'CONFLICT', 'This check-in has already been answered'),
  photoNotFound: () => new DomainError('GROUPS.PHOTO_NOT_FOUND', 'NOT_FOUND', 'Photo not found'),
};
