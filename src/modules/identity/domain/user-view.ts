import { toRupees } from '../../../common/money.js';
import type { ChallengeStats } from '../../challenges/record/queries/get-challenge-stats/get-challenge-stats.query.js';
import type { UserEntity } from '../infrastructure/user.entity.js';
import type { UserSummary } from '../queries/get-user/get-user.query.js';
import { isProfileComplete } from './profile-rules.js';
import { effectiveSettings, UserSettings } from './settings.js';
import { CURRENT_TERMS_VERSION, mustAcceptTerms } from './consent.js';

export interface UserView {
  id: string;
  email: string;
  fullName: string;
  phoneNumber: string | null;
  city: string | null;
  occupation: string | null;
  institutionName: string | null;
  emergencyContact: string | null;
  preferredWakeUpTime: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  sleepChallenges: string[];
  /** rupees */
  balance: number;
  currentStreak: number;
  longestStreak: number;
  totalSuccessfulWakeUps: number;
  totalChallenges: number;
  /** rupees */
  totalEarnings: number;
  /** rupees */
  totalLosses: number;
  successRate: number;
  isEmailVerified: boolean;
  isPhoneVerified: boolean;
  profilePictureUrl: string | null;
  isProfileComplete: boolean;
  role: 'USER' | 'SUPPORT';
  hasPassword: boolean;
  settings: UserSettings;
  /** the terms version accepted and when (null: not recorded), and whether the version in force still needs accepting */
  termsVersion: string | null;
  termsAcceptedAt: string | null;
  currentTermsVersion: string;
  mustAcceptTerms: boolean;
  createdAt: string;
}

/**
 * The User of SPEC.md section 3, from the account row, its balance (paise) and its challenge statistics. Balance and
 * statistics are asked of the wallet and challenges modules every time (GetUserViewQuery; never stored copies).
 */
export function userView(user: UserEntity, balance: bigint, stats: ChallengeStats): UserView {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    city: user.city,
    occupation: user.occupation,
    institutionName: user.institutionName,
    emergencyContact: user.emergencyContact,
    preferredWakeUpTime: user.preferredWakeUpTime,
    dateOfBirth: user.dateOfBirth,
    gender: user.gender,
    sleepChallenges: user.sleepChallenges ?? [],
    balance: toRupees(balance),
    currentStreak: stats.currentStreak,
    longestStreak: stats.longestStreak,
    totalSuccessfulWakeUps: stats.successfulChallenges,
    totalChallenges: stats.totalChallenges,
    totalEarnings: toRupees(stats.totalEarnings),
    totalLosses: toRupees(stats.totalLosses),
    successRate: stats.successRate,
    isEmailVerified: user.isEmailVerified,
    isPhoneVerified: user.isPhoneVerified,
    profilePictureUrl: user.profilePictureUrl,
    isProfileComplete: isProfileComplete(user),
    role: user.role,
    hasPassword: !!user.passwordHash,
    settings: effectiveSettings(user.settings),
    termsVersion: user.termsVersion ?? null,
    termsAcceptedAt: user.termsAcceptedAt?.toISOString() ?? null,
    currentTermsVersion: CURRENT_TERMS_VERSION,
    mustAcceptTerms: mustAcceptTerms(user.termsVersion ?? null),
    createdAt: user.createdAt.toISOString(),
  };
}

export type AuthResponse = { success: true; token: string; userId: string; message?: string } & UserView;

/** Register, login, Google and passkey answer alike: a fresh session token with the user. */
export function authResponse(token: string, view: UserView, message?: string): AuthResponse {
  return { success: true, token, userId: view.id, ...(message ? { message } : {}), ...view };
}

/** An account as other modules see it (support, groups, challenges). */
export function toSummary(u: UserEntity): UserSummary {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    phoneNumber: u.phoneNumber,
    isEmailVerified: u.isEmailVerified,
    role: u.role,
    createdAt: u.createdAt,
    deleted: u.deletedAt !== null,
  };
}
