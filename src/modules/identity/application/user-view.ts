import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { toRupees } from '../../../common/money.js';
import { GetBalanceQuery } from '../../wallet/queries/get-balance/get-balance.query.js';
import { ChallengeStats, GetChallengeStatsQuery } from '../../challenges/queries/get-challenge-stats/get-challenge-stats.query.js';
import { UserEntity } from '../infrastructure/user.entity.js';
import { isProfileComplete } from '../domain/profile-rules.js';
import { effectiveSettings, UserSettings } from '../domain/settings.js';
import { CURRENT_TERMS_VERSION, mustAcceptTerms } from '../domain/consent.js';

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
 * Builds the User of SPEC.md section 3. Balance and statistics are asked of the wallet and challenges
 * modules every time (never stored copies); a module that cannot answer fails the view, never shows ₹0.
 */
@Injectable()
export class UserViewBuilder {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async build(user: UserEntity): Promise<UserView> {
    const [balance, stats] = await Promise.all([this.balanceOf(user.id), this.statsOf(user.id)]);
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

  /** paise */
  async balanceOf(userId: string): Promise<bigint> {
    const r = await this.queries.execute(new GetBalanceQuery(userId));
    return BigInt(r.balance);
  }

  statsOf(userId: string): Promise<ChallengeStats> {
    return this.queries.execute(new GetChallengeStatsQuery(userId));
  }
}
