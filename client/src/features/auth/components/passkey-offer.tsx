import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth/use-auth';
import { offerDue, phoneSized } from '@/lib/auth/passkey-offer-memory';
import { passkeysSupported, platformPasskeyAvailable } from '@/lib/auth/passkeys-api';

const PasskeyOfferCard = lazy(() => import('./passkey-offer-card'));

/**
 * After a sign-in on a phone whose browser has a fingerprint/face authenticator, offer once "Sign in faster
 * next time". The checks are cheap and synchronous first; the card (and WebAuthn) load only when it is shown.
 */
export function PasskeyOffer() {
  const { user } = useAuth();
  const userId = user?.id;
  const [show, setShow] = useState(false);
  useEffect(() => {
    setShow(false);
    if (!userId || !offerDue(userId) || !phoneSized() || !passkeysSupported()) return;
    let live = true;
    void platformPasskeyAvailable().then((ok) => live && ok && setShow(true));
    return () => {
      live = false;
    };
  }, [userId]);
  if (!show || !userId) return null;
  return (
    <Suspense fallback={null}>
      <PasskeyOfferCard userId={userId} onDone={() => setShow(false)} />
    </Suspense>
  );
}
