// Public surface of the challenges feature: the app layer composes these.
export { CreateChallengeModal, type CreateChallengeModalProps, type AddFundsPrompt } from './components/create-challenge-modal';
export { CreateChallengeForm } from './components/create-challenge-form';
export { TodayChallengeCard } from './components/today-challenge-card';
export { UpcomingChallenges } from './components/upcoming-challenges';
export { ChallengePledges } from './components/challenge-pledges';
export { ChallengeStatCards } from './components/challenge-stat-cards';
export { ChallengeHistory } from './components/challenge-history';
export { SettlementReceipts } from './components/settlement-receipts';
export { TestModeBox } from './components/test-mode-box';
export { useChallenges, challengeMessages, type ChallengeStore } from './hooks/use-challenges';
export { usePendingChallenges, useChallengeHistory } from './hooks/use-challenge-queries';
export { useWalletBalance } from './hooks/use-wallet-balance';
export type { Challenge, ChallengeStats } from './api/types';
