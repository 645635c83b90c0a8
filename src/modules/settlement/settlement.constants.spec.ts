import { settlementChunkSize, settlementConcurrency, settlementParts, userRange } from './settlement.constants.js';

const withEnv = (name: string, value: string | undefined, read: () => number): number => {
  const before = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  try {
    return read();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
};

describe('settlement settings from the environment', () => {
  it.each([
    [
      'SETTLEMENT_PARTS',
      settlementParts,
      1,
      [
        ['8', 8],
        ['64', 64],
        ['65', 1],
        ['0', 1],
        ['2.5', 1],
        ['many', 1],
      ],
    ],
    [
      'SETTLEMENT_CHUNK_SIZE',
      settlementChunkSize,
      2000,
      [
        ['500', 500],
        ['10000', 10000],
        ['10001', 2000],
        ['-1', 2000],
        ['', 2000],
      ],
    ],
    [
      'SETTLEMENT_CONCURRENCY',
      settlementConcurrency,
      2,
      [
        ['1', 1],
        ['16', 16],
        ['17', 2],
        ['0', 2],
        ['1.5', 2],
        ['x', 2],
      ],
    ],
  ] as const)('%s: a whole number in range is used, anything else falls back to the default', (name, read, fallback, cases) => {
    expect(withEnv(name, undefined, read)).toBe(fallback);
    for (const [value, expected] of cases) expect([value, withEnv(name, value, read)]).toEqual([value, expected]);
  });

  it('user ranges of a split day cover every user id once, in order', () => {
    const n = 3;
    const ranges = Array.from({ length: n }, (_, k) => userRange(k, n));
    expect(ranges[0].from).toBe('00000000-0000-0000-0000-000000000000');
    expect(ranges[n - 1].to).toBeNull();
    for (let k = 1; k < n; k++) expect(ranges[k].from).toBe(ranges[k - 1].to);
    const inRange = (id: string) => ranges.filter((r) => id >= r.from && (r.to === null || id < r.to)).length;
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      '55555555-5555-4555-8555-555555555555',
      'aaaaaaaa-0000-4000-8000-000000000000',
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    ]) {
      expect(inRange(id)).toBe(1);
    }
  });
});
