export { ReviewInvite, ReviewPage, reviewWords } from './components/review-page';
