// Shapes of the challenges API, from the server's OpenAPI document (src/types/api.ts).

import type { ApiAnswer, ApiBody, ApiData, Schemas } from '@/types/api';
import type { SettlementReceipt } from '@/types/settlement';

export type Challenge = Schemas['Challenge'];
export type ChallengeStatus = Challenge['status'];
export type ChallengeList = Omit<ApiAnswer<'/challenges', 'get'>, 'success'>;
export type ChallengeStats = ApiAnswer<'/challenges/stats', 'get'>;
export type CanCreateResult = ApiAnswer<'/challenges/can-create', 'get'>;
export type CreateChallengeInput = Schemas['CreateChallengeDto'];
/** The check-in's fields, and a photo for PHOTO verification (sent as multipart). */
export type VerifyInput = ApiBody<'/challenges/verify', 'post'> & { photo?: File | null };
export type VerifyResult = ApiAnswer<'/challenges/verify', 'post'>;
export type StreakStatistics = Schemas['StreakStatistics'];
export type Earnings = ApiData<'/wallet/earnings', 'get'>;
export type ReceiptView = SettlementReceipt;
export type UserSettlement = Schemas['UserSettlement'];
export type TestChallengeResult = ApiAnswer<'/test/challenges/create-test-challenge', 'post'>;
