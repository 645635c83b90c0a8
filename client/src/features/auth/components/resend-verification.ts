import { storageKeys } from '@/config/storage-keys';
import { resendVerificationRequest } from '../api/auth-api';
import { answerMessage, screenMessage } from '../messages';

export const resendMessages = {
  noEmail: 'Registration email not found. Please register again.',
  sent: 'Verification email sent successfully! Please check your inbox.',
  failed: 'Failed to resend email. Please try again.',
} as const;

/** Resend with the email kept at registration; resolves with the message to show and whether it worked. */
export async function resendVerification(): Promise<{ ok: boolean; message: string }> {
  const email = localStorage.getItem(storageKeys.registrationEmail);
  if (!email) return { ok: false, message: resendMessages.noEmail };
  try {
    const answer = await resendVerificationRequest(email);
    return { ok: true, message: answerMessage(answer, resendMessages.sent) };
  } catch (e) {
    return { ok: false, message: screenMessage(e, resendMessages.failed) };
  }
}
