import { isConcurrencyClash, isUniqueViolation, pgError } from './pg-error.js';

describe('pg errors', () => {
  const typeorm = (code: string, constraint?: string) => ({ message: 'query failed', driverError: { code, constraint } });

  it('reads the code and constraint from pg or from TypeORM’s driverError', () => {
    expect(pgError({ code: '23505', constraint: 'k' })).toEqual({ code: '23505', constraint: 'k' });
    expect(pgError(typeorm('23505', 'k'))).toEqual({ code: '23505', constraint: 'k' });
  });

  it('tells a unique violation, of any index or only of the ones named', () => {
    expect(isUniqueViolation(typeorm('23505', 'a_key'))).toBe(true);
    expect(isUniqueViolation(typeorm('23505', 'a_key'), ['b_key'])).toBe(false);
    expect(isUniqueViolation(typeorm('23514', 'a_key'))).toBe(false);
  });

  it('tells a serialization failure or deadlock from anything else', () => {
    expect([typeorm('40001'), { code: '40P01' }, typeorm('23505'), new Error('x'), null].map(isConcurrencyClash)).toEqual([true, true, false, false, false]);
  });
});
