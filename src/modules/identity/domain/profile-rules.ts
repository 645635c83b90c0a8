/** Profile rules of SPEC.md sections 4 and 5: pure functions, no Nest, no ORM. */

export const GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'] as const;
export const OCCUPATIONS = ['student', 'working-professional', 'other'] as const;
export const DEFAULT_SLEEP_CHALLENGES = ['Hitting snooze', 'Late night scrolling'];
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
/** Money needs an adult on file (ARCHITECTURE.md): a profile refuses a younger date, deposits and stakes need one. */
export const MIN_AGE = 18;

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';

/** Complete only if fullName, email, phoneNumber, city and occupation are all present (section 4). */
export function isProfileComplete(u: {
  fullName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  city?: string | null;
  occupation?: string | null;
}): boolean {
  return [u.fullName, u.email, u.phoneNumber, u.city, u.occupation].every((v) => !blank(v));
}

/**
 * An Indian mobile number: optional +91 (or 91 / 0 prefix), then 10 digits starting 6-9; spaces and dashes ignored.
 * Returns the stored form +91XXXXXXXXXX, or null when it is not one.
 */
export function normalizeIndianMobile(raw: string): string | null {
  const compact = raw.replace(/[\s\-()]/g, '');
  const m = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(compact);
  return m ? `+91${m[1]}` : null;
}

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Whole years between a YYYY-MM-DD birth date and today's YYYY-MM-DD. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** True when a date of birth is on file and shows MIN_AGE (18) or over today. */
export function isAdult(dateOfBirth: string | null, today: string): boolean {
  return dateOfBirth !== null && dateOfBirth < today && ageOn(dateOfBirth, today) >= MIN_AGE;
}

/** Why a date of birth is refused, or null when it is fine. */
export function dateOfBirthProblem(dateOfBirth: string, today: string): string | null {
  if (dateOfBirth >= today) return 'Date of birth must be in the past';
  if (ageOn(dateOfBirth, today) < MIN_AGE) return `You must be at least ${MIN_AGE} years old to use WakeStake`;
  if (ageOn(dateOfBirth, today) > 120) return 'Please enter a valid date of birth';
  return null;
}
