import { isUuid, uuid7 } from './uuid.js';

describe('uuid7', () => {
  it('is a canonical version-7, RFC-variant UUID carrying the millisecond it was made', () => {
    const at = Date.UTC(2026, 10, 22, 6, 0, 0, 123);
    const id = uuid7(at + 10_000_000);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at + 10_000_000);
  });

  it('sorts in the order it was made, even thousands within one millisecond, and never repeats', () => {
    const at = Date.now() + 20_000_000;
    const ids = Array.from({ length: 10_000 }, () => uuid7(at));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const later = uuid7(at - 5); // a clock that stepped back still sorts after what was made
    expect(later > ids[ids.length - 1]).toBe(true);
  });
});
