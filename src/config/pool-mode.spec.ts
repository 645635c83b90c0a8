import { ConfigError, loadConfig, parseCharities } from './app-config.js';

describe('POOL_MODE and CHARITIES', () => {
  it('defaults to the pool with no charity list', () => {
    const c = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) });
    expect(c.poolMode).toBe('pool');
    expect(c.charities).toEqual([]);
  });

  it("reads pledge mode and the operator's charities in order (the first is the default)", () => {
    const c = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      POOL_MODE: 'pledge',
      CHARITIES: ' akshaya-patra:Akshaya Patra Foundation , goonj:Goonj ',
    });
    expect(c.poolMode).toBe('pledge');
    expect(c.charities).toEqual([
      { id: 'akshaya-patra', name: 'Akshaya Patra Foundation' },
      { id: 'goonj', name: 'Goonj' },
    ]);
  });

  it('refuses an unknown mode, a malformed id and a duplicate, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), POOL_MODE: 'lottery' })).toThrow(/POOL_MODE must be one of pool, pledge/);
    expect(() => parseCharities('Bad Id:Name')).toThrow(ConfigError);
    expect(() => parseCharities('a:Too short id')).toThrow(/CHARITIES/);
    expect(() => parseCharities('goonj:Goonj,goonj:Again')).toThrow(/lists goonj twice/);
    expect(() => parseCharities('goonj:')).toThrow(/CHARITIES/);
  });
});
