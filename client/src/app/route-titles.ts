import { paths } from '@/config/paths';

/** Each screen's document title (tabs, history, a screen reader's page announcement). Text pages set their own. */
const titles: Partial<Record<string, string>> = {
  [paths.login]: 'Log in',
  [paths.register]: 'Create your account',
  [paths.verifyEmail]: 'Verify your email',
  [paths.forgotPassword]: 'Forgot password',
  [paths.resetPassword]: 'Reset password',
  [paths.onboarding]: 'Complete your profile',
  [paths.dashboard]: 'Dashboard',
  [paths.challenge]: 'Challenges',
  [paths.settings]: 'Settings',
  [paths.profile]: 'Profile',
  [paths.withdraw]: 'Withdraw',
  [paths.transactions]: 'Transactions',
  [paths.progress]: 'Progress',
  [paths.groups]: 'Groups',
  [paths.support]: 'Support',
  [paths.review]: 'Review a morning',
  [paths.wakeTag]: 'Print your wake tag',
};

export const HOME_TITLE = 'WakeStake – get paid to wake up on time';

/** "Dashboard · WakeStake"; the landing keeps index.html's title; undefined for a path this table does not know. */
export function titleFor(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.home) return HOME_TITLE;
  const title = titles[path];
  return title ? `${title} · WakeStake` : undefined;
}
