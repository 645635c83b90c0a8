import { describe, expect, it } from 'vitest';
import { isUsedPhotoRefusal, proofStatusWord, proofWord } from './status-words';

describe('proof of wake words', () => {
  it('names the proof level in words', () => {
    expect(proofWord('PHOTO')).toBe('Photo proof');
    expect(proofWord('NONE')).toBe('No proof');
    expect(proofWord(undefined)).toBe('No proof');
  });
  it('says a photo’s review plainly, with the reason for a rejection', () => {
    expect(proofStatusWord({ proofStatus: 'PENDING_REVIEW' })).toBe('Photo waiting for review');
    expect(proofStatusWord({ proofStatus: 'ACCEPTED' })).toBe('Photo accepted');
    expect(proofStatusWord({ proofStatus: 'REJECTED', failureReason: 'Photo proof rejected by support: a photo of a screen' })).toBe(
      'Photo rejected: a photo of a screen (support)',
    );
    expect(proofStatusWord({ proofStatus: 'REJECTED', failureReason: 'Photo proof rejected by peers (not a real morning)' })).toBe(
      'Photo rejected: not a real morning (peers)',
    );
    expect(proofStatusWord({ proofStatus: 'REJECTED', failureReason: null })).toBe('Photo rejected');
    expect(proofStatusWord({ proofStatus: null })).toBeNull();
    expect(proofStatusWord({})).toBeNull();
  });
  it('recognises the server’s refusal of a photo seen before', () => {
    expect(isUsedPhotoRefusal('This photo has been used before: take a new one')).toBe(true);
    expect(isUsedPhotoRefusal('Check-in window has closed')).toBe(false);
    expect(isUsedPhotoRefusal(undefined)).toBe(false);
  });
});
