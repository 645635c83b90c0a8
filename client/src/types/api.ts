// Shapes shared across features (ARCHITECTURE.md "Response shapes").

export type Role = 'USER' | 'SUPPORT';

export interface User {
  id: string;
  email: string;
  fullName?: string | null;
  phoneNumber?: string | null;
  city?: string | null;
  occupation?: string | null;
  institutionName?: string | null;
  emergencyContact?: string | null;
  preferredWakeUpTime?: string | null;
  dateOfBirth?: string | null;
  gender?: string | null;
  balance?: number;
  currentStreak?: number;
  longestStreak?: number;
  totalSuccessfulWakeUps?: number;
  totalChallenges?: number;
  totalEarnings?: number;
  totalLosses?: number;
  successRate?: number;
  isEmailVerified?: boolean;
  isPhoneVerified?: boolean;
  profilePictureUrl?: string | null;
  isProfileComplete?: boolean;
  role?: Role | string;
  roles?: string[];
  /** False for a Google-only account (no password to change yet). */
  hasPassword?: boolean;
  sleepChallenges?: string[];
  /** Server-kept preferences (GET /auth/profile): notifications and privacy switches. */
  settings?: {
    notifications?: Record<string, boolean>;
    privacy?: Record<string, boolean>;
  };
  createdAt?: string;
}

/** Register / login / Google answer: flat, with the token. */
export interface AuthResponse extends Partial<Omit<User, 'id'>> {
  token?: string;
  userId?: string;
  id?: string;
  email: string;
}

export interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}
