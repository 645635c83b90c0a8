import type { User } from '@/types/api';

const REQUIRED = ['fullName', 'email', 'phoneNumber', 'city', 'occupation'] as const;

/** SPEC.md section 4: complete when fullName, email, phoneNumber, city and occupation are present (or the server says so). */
export function isProfileComplete(user: User | null | undefined): boolean {
  if (!user) return false;
  if (user.isProfileComplete === true) return true;
  return REQUIRED.every((key) => {
    const value = user[key];
    return typeof value === 'string' ? value.trim() !== '' : value != null;
  });
}

export function hasRole(user: User | null | undefined, role: string): boolean {
  if (!user) return false;
  return user.role === role;
}
