import { Box, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useColorMode } from '@/components/ui/color-mode';
import { useAppConfig } from '@/lib/config';
import { isApiError } from '@/lib/api-client';
import { loadGoogleSdk, GOOGLE_SDK_FAILED, type GoogleCredentialResponse } from '../api/google-sdk';
import { useAuth } from '@/lib/auth/use-auth';
import { FormAlert } from '@/components/forms/form-alert';

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
export const GOOGLE_NO_CREDENTIAL = 'No credential received from Google';
export const GOOGLE_NO_TOKEN = 'Google authentication failed - no token received';

/** SPEC.md section 8: 'Google authentication failed: {message}' (login) or 'Google registration failed: {message}'. */
export function googleFailureMessage(error: unknown, mode: 'login' | 'register'): string {
  if (error instanceof Error && error.message === GOOGLE_NO_TOKEN) return GOOGLE_NO_TOKEN;
  const detail = isApiError(error) ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : String(error);
  return `${mode === 'register' ? 'Google registration failed' : 'Google authentication failed'}: ${detail}`;
}

/** The Google tab: loads Google's script on demand and renders its button; the credential goes to POST /auth/google. */
export function GoogleSignIn({ mode, onSuccess, termsVersion }: { mode: 'login' | 'register'; onSuccess: () => void; termsVersion?: string }) {
  const config = useAppConfig();
  const { loginWithGoogle } = useAuth();
  const { colorMode } = useColorMode();
  const buttonRef = useRef<HTMLDivElement>(null);
  const [sdkState, setSdkState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const google = useMutation({
    mutationFn: ({ credential, accepted }: { credential: string; accepted?: string }) =>
      accepted ? loginWithGoogle(credential, accepted) : loginWithGoogle(credential),
  });
  const signInWithGoogle = google.mutateAsync;
  // The callback Google holds must see the latest props.
  const latest = useRef({ signInWithGoogle, onSuccess, mode, termsVersion });
  latest.current = { signInWithGoogle, onSuccess, mode, termsVersion };

  const clientId = config.data?.googleClientId ?? null;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    setSdkState('loading');
    loadGoogleSdk()
      .then((id) => {
        if (cancelled) return;
        id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: async (response: GoogleCredentialResponse) => {
            const { signInWithGoogle: signIn, onSuccess: done, mode: m, termsVersion: accepted } = latest.current;
            if (!response?.credential) {
              setError(GOOGLE_NO_CREDENTIAL);
              return;
            }
            setError(null);
            setBusy(true);
            try {
              await signIn({ credential: response.credential, accepted });
              done();
            } catch (e) {
              setError(googleFailureMessage(e, m));
            } finally {
              setBusy(false);
            }
          },
        });
        if (buttonRef.current) {
          id.renderButton(buttonRef.current, {
            type: 'standard',
            theme: colorMode === 'dark' ? 'filled_black' : 'outline',
            size: 'large',
            text: mode === 'register' ? 'signup_with' : 'signin_with',
            shape: 'rectangular',
            width: 300,
          });
        }
        setSdkState('ready');
      })
      .catch(() => {
        if (!cancelled) setSdkState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, colorMode, mode]);

  if (config.isPending) {
    return (
      <Stack align="center" py={4} role="status">
        <Spinner color="brand.fg" aria-hidden="true" />
        <Text color="fg.muted">Loading Google sign-in…</Text>
      </Stack>
    );
  }
  if (config.isError || !clientId) {
    return (
      <FormAlert status="info" title={GOOGLE_NOT_CONFIGURED}>
        Please use the Email tab instead.
      </FormAlert>
    );
  }

  return (
    <Stack gap={4} align="center">
      <Text color="fg.muted" textAlign="center">
        {mode === 'register' ? 'Create your account with your Google account.' : 'Sign in with your Google account.'}
      </Text>
      {sdkState === 'loading' ? (
        <Stack align="center" role="status">
          <Spinner color="brand.fg" aria-hidden="true" />
          <Text color="fg.muted">Loading Google sign-in…</Text>
        </Stack>
      ) : null}
      {sdkState === 'failed' ? <FormAlert status="error">{GOOGLE_SDK_FAILED}</FormAlert> : null}
      <Box ref={buttonRef} minH={sdkState === 'ready' ? '44px' : 0} />
      {busy ? (
        <Text role="status" color="fg.muted">
          Signing in…
        </Text>
      ) : null}
      {error ? <FormAlert status="error">{error}</FormAlert> : null}
    </Stack>
  );
}
