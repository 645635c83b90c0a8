import { afterEach, describe, expect, it } from 'vitest';
import { markSignedIn, offerDue, rememberOffer } from './passkey-offer-memory';

describe('the passkey offer is made once', () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  it('is due only after a sign-in in this tab, for that user', () => {
    expect(offerDue('u1')).toBe(false);
    markSignedIn('u1');
    expect(offerDue('u1')).toBe(true);
    expect(offerDue('u2')).toBe(false);
  });
  it('is never due again on this device once answered, either way', () => {
    markSignedIn('u1');
    rememberOffer('u1', 'declined');
    markSignedIn('u1');
    expect(offerDue('u1')).toBe(false);
    markSignedIn('u2');
    rememberOffer('u2', 'added');
    markSignedIn('u2');
    expect(offerDue('u2')).toBe(false);
  });
});
