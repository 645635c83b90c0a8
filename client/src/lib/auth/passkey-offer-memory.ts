// The "sign in faster next time" offer is made once per person and device, after a sign-in on a phone.

const DUE = 'passkeyOfferDue';
const doneKey = (userId: string) => `passkeyOffer:${userId}`;

/** A sign-in happened in this tab: the offer may follow (the session flag dies with the tab). */
export function markSignedIn(userId: string): void {
  try {
    sessionStorage.setItem(DUE, userId);
  } catch {
    // storage refused (private mode): no offer, nothing breaks
  }
}

/** The offer is due for this user: signed in in this tab, and not answered on this device before. */
export function offerDue(userId: string): boolean {
  try {
    return sessionStorage.getItem(DUE) === userId && localStorage.getItem(doneKey(userId)) === null;
  } catch {
    return false;
  }
}

/** "Add passkey" or "Not now": remembered on this device, never asked again. */
export function rememberOffer(userId: string, answer: 'added' | 'declined'): void {
  try {
    localStorage.setItem(doneKey(userId), answer);
    sessionStorage.removeItem(DUE);
  } catch {
    // as above
  }
}

/** A phone-sized screen (the offer is about a phone's fingerprint or face). */
export function phoneSized(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches;
}
