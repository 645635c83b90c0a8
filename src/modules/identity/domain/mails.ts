import { escapeHtml } from '../../../common/html.js';
/** The texts of identity's emails. */
export interface MailContent {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function mail(to: string, subject: string, greeting: string, lines: string[], linkLabel: string, link: string, footer: string): MailContent {
  const text = [greeting, '', ...lines, '', link, '', footer, '', 'WakeStake'].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p><p>${escapeHtml(link)}</p><p>${escapeHtml(footer)}</p><p>WakeStake</p>`;
  return { to, subject, text, html };
}

export function verificationMail(appUrl: string, user: { email: string; fullName: string }, token: string): MailContent {
  const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return mail(
    user.email,
    'Verify your WakeStake email',
    `Hi ${user.fullName},`,
    ['Please confirm your email address by opening this link (valid for 24 hours):'],
    'Verify my email',
    link,
    'If you did not create a WakeStake account, you can ignore this email.',
  );
}

export function resetMail(appUrl: string, user: { email: string; fullName: string }, token: string): MailContent {
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return mail(
    user.email,
    'Reset your WakeStake password',
    `Hi ${user.fullName},`,
    ['Someone (hopefully you) asked to reset your password. Open this link to choose a new one (valid for 1 hour):'],
    'Reset my password',
    link,
    'If you did not ask for this, you can ignore this email: your password stays the same.',
  );
}
