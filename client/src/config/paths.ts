// Every route path in one place; screens link with these, never with string literals.
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  challenge: '/challenge',
  settings: '/settings',
  profile: '/profile',
  withdraw: '/withdraw',
  transactions: '/wallet/transactions',
  progress: '/progress',
  groups: '/groups',
  group: '/groups/:id',
  joinGroup: '/join/:token',
  support: '/support',
  // peer review of proof photos
  review: '/review',
  // wake missions' printable QR code
  wakeTag: '/wake-tag',
  // public legal and help pages (footer, sign-up)
  terms: '/terms',
  privacy: '/privacy',
  refunds: '/refunds',
  grievance: '/grievance',
  help: '/help',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
