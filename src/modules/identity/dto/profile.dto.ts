import { ApiPropertyOptional } from '@nestjs/swagger';
import { Check, oneOf, optionalText, requiredText, wakeUpTime } from './check.js';
import { GENDERS, normalizeIndianMobile, OCCUPATIONS } from '../domain/profile-rules.js';
import { DEFAULT_SETTINGS, settingProblem, type SettingsPatch } from '../domain/settings.js';

const phone = (label: string, required: boolean) => (v: unknown) => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return required ? `${label} is required` : null;
  if (typeof v !== 'string' || !normalizeIndianMobile(v)) return `${label} must be a valid 10-digit Indian mobile number starting with 6, 7, 8 or 9`;
  return null;
};

const dateOfBirth = (v: unknown) => {
  if (v === null || v === undefined || v === '') return 'Date of birth is required';
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'Date of birth must be a date as YYYY-MM-DD';
  const [y, m, d] = v.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return 'Date of birth must be a real date as YYYY-MM-DD';
  return null; // past and age 13+ are checked against the clock in the service
};

/** Only known keys; switches are booleans, reminders.quietHours null or { start, end } (domain/settings.ts). */
const settings = (v: unknown) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'Settings must be an object';
  for (const [group, values] of Object.entries(v)) {
    if (!(group in DEFAULT_SETTINGS)) return `Unknown setting: settings.${group}`;
    if (values === null || typeof values !== 'object' || Array.isArray(values)) return `settings.${group} must be an object`;
    for (const [key, value] of Object.entries(values)) {
      const problem = settingProblem(group, key, value);
      if (problem) return problem;
    }
  }
  return null;
};

/** PUT /auth/profile: every field optional; a field sent is validated (and "" on a required one is refused). */
export class UpdateProfileDto {
  @ApiPropertyOptional() @Check(requiredText('Full name', 100)) fullName?: string;
  @ApiPropertyOptional({ example: '9876543210' }) @Check(phone('Phone number', true)) phoneNumber?: string;
  @ApiPropertyOptional({ format: 'date' }) @Check(dateOfBirth) dateOfBirth?: string;
  @ApiPropertyOptional({ description: `one of: ${GENDERS.join(', ')}` }) @Check(oneOf('Gender', GENDERS)) gender?: string;
  @ApiPropertyOptional() @Check(requiredText('City', 100)) city?: string;
  @ApiPropertyOptional({ description: `one of: ${OCCUPATIONS.join(', ')}` }) @Check(oneOf('Occupation', OCCUPATIONS)) occupation?: string;
  @ApiPropertyOptional({ type: 'string', nullable: true }) @Check(optionalText('Institution name', 150)) institutionName?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true, example: '06:00' }) @Check(wakeUpTime) preferredWakeUpTime?: string | null;
  @ApiPropertyOptional({ type: 'string', nullable: true }) @Check(phone('Emergency contact', false)) emergencyContact?: string | null;
  @ApiPropertyOptional({
    type: 'object',
    description:
      'any of the settings: notifications.{email, challengeReminders, walletUpdates}, privacy.{showOnLeaderboard, shareUsageData}, reminders.{push, mail} (booleans) and reminders.quietHours (null, or { start, end } as HH:MM in IST; may cross midnight)',
    additionalProperties: { type: 'object' },
  })
  @Check(settings)
  settings?: SettingsPatch;
}
