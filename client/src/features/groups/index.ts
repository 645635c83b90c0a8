// Groups of friends: the app layer routes /groups, /groups/:id and /join/:token to these.
export { GroupsPage } from './components/groups-page';
export { GroupPage } from './components/group-page';
export { JoinPage } from './components/join-page';
// "Ask my referee" where the user checks in (today's card, the challenge page).
export { AskReferee, isPhotoCheckIn, refereeStateText, type RefereeCheckIn } from './components/ask-referee';
