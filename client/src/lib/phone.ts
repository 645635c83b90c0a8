/** Section 5: the phone field keeps digits only, at most 10 (a pasted +91 / 0 prefix is dropped first). */
export function phoneDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  return digits.slice(0, 10);
}

/** A valid Indian mobile: 10 digits starting 6-9. */
export function isValidMobile(digits: string): boolean {
  return /^[6-9]\d{9}$/.test(digits);
}

/** What is sent: a valid number gets +91 in front; anything else goes as typed (the server explains). */
export function phoneForServer(digits: string): string {
  return isValidMobile(digits) ? `+91${digits}` : digits;
}

/** A stored +91XXXXXXXXXX back to the 10 digits the field shows. */
export function phoneFromServer(stored: string | null | undefined): string {
  if (!stored) return '';
  const digits = stored.replace(/\D/g, '');
  return (digits.length > 10 && digits.startsWith('91') ? digits.slice(-10) : digits).slice(0, 10);
}
