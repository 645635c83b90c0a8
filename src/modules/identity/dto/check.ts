import { ValidateBy, ValidationOptions } from 'class-validator';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/profile-rules.js';

/** The message for a bad value, or null when it is fine. */
export type Rule = (value: unknown) => string | null;

/**
 * One rule per field, one clear message per field (class-validator would otherwise stack several).
 * The field may be left out unless `required`; null reaches the rule.
 */
export function Check(rule: Rule, opts: { required?: boolean } = {}, validationOptions?: ValidationOptions): PropertyDecorator {
  const run = (v: unknown) => (v === undefined && !opts.required ? null : rule(v));
  return ValidateBy(
    {
      name: 'check',
      validator: {
        validate: (value) => run(value) === null,
        defaultMessage: (args) => run(args?.value) ?? 'Invalid value',
      },
    },
    validationOptions,
  );
}

const isText = (v: unknown): v is string => typeof v === 'string';
const blank = (v: unknown) => v === undefined || v === null || (isText(v) && v.trim() === '');

export const requiredText =
  (label: string, max: number): Rule =>
  (v) => {
    if (blank(v)) return `${label} is required`;
    if (!isText(v)) return `${label} must be text`;
    if (v.trim().length > max) return `${label} must be at most ${max} characters`;
    return null;
  };

/** Text that may be cleared with null or "". */
export const optionalText =
  (label: string, max: number): Rule =>
  (v) => {
    if (v === null || v === '') return null;
    if (!isText(v)) return `${label} must be text`;
    if (v.trim().length > max) return `${label} must be at most ${max} characters`;
    return null;
  };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email =
  (requiredMessage = 'Email is required'): Rule =>
  (v) => {
    if (blank(v)) return requiredMessage;
    if (!isText(v) || v.trim().length > 254 || !EMAIL.test(v.trim())) return 'Please enter a valid email address';
    return null;
  };

export const password =
  (label = 'Password'): Rule =>
  (v) => {
    if (v === undefined || v === null || v === '') return `${label} is required`;
    if (!isText(v)) return `${label} must be text`;
    if (v.length < MIN_PASSWORD_LENGTH) return `${label} must be at least ${MIN_PASSWORD_LENGTH} characters long`;
    if (v.length > MAX_PASSWORD_LENGTH) return `${label} must be at most ${MAX_PASSWORD_LENGTH} characters long`;
    return null;
  };

/** A password being checked, not set: only presence (old accounts may predate the length rule). */
export const presentPassword =
  (label = 'Password'): Rule =>
  (v) => {
    if (v === undefined || v === null || v === '') return `${label} is required`;
    if (!isText(v) || v.length > 1024) return `${label} must be text`;
    return null;
  };

export const wakeUpTime: Rule = (v) => {
  if (v === null || v === '') return null;
  if (!isText(v) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(v)) return 'Preferred wake-up time must be a time as HH:mm (24-hour), e.g. 06:30';
  return null;
};

export const oneTimeToken =
  (message: string): Rule =>
  (v) => {
    if (blank(v)) return message;
    if (!isText(v) || v.length > 200) return message;
    return null;
  };

export const oneOf =
  (label: string, allowed: readonly string[], requiredMessage = `${label} is required`): Rule =>
  (v) => {
    if (blank(v)) return requiredMessage;
    if (!isText(v) || !allowed.includes(v)) return `${label} must be one of: ${allowed.join(', ')}`;
    return null;
  };
