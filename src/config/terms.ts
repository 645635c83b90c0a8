/**
 * The version of the Terms of use and Privacy policy in force (client/src/features/legal shows the text, GET /config this
 * version). Bump it whenever their text changes in substance: every user is then asked to accept the new version.
 */
export const TERMS_VERSION = '2026-11-26';

/** Days within which the grievance officer answers a complaint (IT Rules 2021, DPDP Act 2023). */
export const GRIEVANCE_RESPONSE_DAYS = 15;
