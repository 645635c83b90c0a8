// localStorage keys fixed by SPEC.md section 9 (token, user), Settings (theme) and Register (registrationEmail).
export const storageKeys = {
  token: 'token',
  user: 'user',
  theme: 'theme',
  registrationEmail: 'registrationEmail',
} as const;
