import { isUuid, uuid7 } from './uuid.js';

describe('uuid7', () => {
  // the clock is the process's own (Date.now), stubbed here to make a millisecond hold still or step back
  const at = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);
  afterEach(() => jest.restoreAllMocks());

  it('is a canonical version-7, RFC-variant UUID carrying the millisecond it was made', () => {
    const ms = Date.UTC(2026, 10, 22, 6, 0, 0, 123);
    at(ms + 10_000_000);
    const id = uuid7();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(ms + 10_000_000);
  });

  it('sorts in the order it was made, even thousands within one millisecond, and never repeats', () => {
    const ms = Date.now() + 20_000_000;
    at(ms);
    const ids = Array.from({ length: 10_000 }, () => uuid7());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    at(ms - 5);
    const later = uuid7(); // a clock that stepped back still sorts after what was made
    expect(later > ids[ids.length - 1]).toBe(true);
  });
});
