const SECRET_KEY = /pass(word)?|token|secret|signature|authorization|cookie|account_?number|accountnumber|upi|ifsc|otp/i;

/** A copy of job data with secret-looking keys replaced, at any depth (the console shows job data to staff). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[truncated]';
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redactSecrets(v, depth + 1)]),
    );
  }
  return value;
}
