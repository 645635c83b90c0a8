export { ProofChoice } from './components/proof-choice';
export { ReviewInvite, ReviewPage, reviewWords } from './components/review-page';
