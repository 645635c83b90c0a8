import { TERMS_VERSION } from '../../../config/terms.js';
import { IdentityErrors } from '../identity.errors.js';

/** Consent: a person accepts a version of the terms; a newer version in force asks them again. */
export const CURRENT_TERMS_VERSION = TERMS_VERSION;

/** Only the version in force can be accepted: a form loaded before the terms changed must be reloaded. */
export function acceptedVersionProblem(version: string): string | null {
  return version.trim() === CURRENT_TERMS_VERSION
    ? null
    : 'The Terms of use have changed since this page was loaded: reload the page and accept the current version';
}

/** An account that never accepted, or accepted an older version, is asked to accept the one in force. */
export const mustAcceptTerms = (accepted: string | null): boolean => accepted !== CURRENT_TERMS_VERSION;

/** A sign-up, sign-in or acceptance that names a terms version must name the one in force (none: nothing to check). */
export function assertAcceptableTerms(version: string | undefined): void {
  const problem = version === undefined ? null : acceptedVersionProblem(version);
  if (problem) throw IdentityErrors.termsOutdated(problem);
}
