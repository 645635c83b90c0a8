import { storageKeys } from '@/config/storage-keys';
import { isApiError } from '@/lib/api-client';
import { resendVerificationRequest } from '@/lib/auth/auth-api';
import { answerMessage, screenMessage } from '@/lib/messages';

export const resendMessages = {
  noEmail: 'Registration email not found. Please register again.',
  sent: 'Verification email sent successfully! Please check your inbox.',
  failed: 'Failed to resend email. Please try again.',
  tooMany: 'Too many requests. Please wait a few minutes before asking for another email.',
} as const;

/** Resend to the given email (a signed-in user's) or the one kept at registration; resolves with the message to show and whether it worked. */
export async function resendVerification(to?: string): Promise<{ ok: boolean; message: string }> {
  const email = to || localStorage.getItem(storageKeys.registrationEmail);
  if (!email) return { ok: false, message: resendMessages.noEmail };
  try {
    const answer = await resendVerificationRequest(email);
    return { ok: true, message: answerMessage(answer, resendMessages.sent) };
  } catch (e) {
    return { ok: false, message: screenMessage(e, isApiError(e) && e.status === 429 ? resendMessages.tooMany : resendMessages.failed) };
  }
}
