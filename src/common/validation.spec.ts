import { nulCharacterPath } from './validation.js';

describe('nulCharacterPath', () => {
  it('names the field whose text holds a NUL, however deep', () => {
    expect(nulCharacterPath({ email: 'a\u0000@b.c' })).toBe('email');
    expect(nulCharacterPath({ payout: { upiId: 'x', note: ['ok', 'bad\u0000'] } })).toBe('payout.note.1');
    expect(nulCharacterPath('x\u0000', 'id')).toBe('id');
  });

  it('names a key that holds a NUL', () => {
    expect(nulCharacterPath({ ['k\u0000']: 1 })).toBe('k\u0000');
  });

  it('passes text without one, numbers, nulls and empty input', () => {
    expect(nulCharacterPath({ email: 'a@b.c', n: 1, z: null, list: ['x'] })).toBeNull();
    expect(nulCharacterPath(undefined)).toBeNull();
    expect(nulCharacterPath('\\u0000 spelled out')).toBeNull();
  });
});
