import { ageOn, dateOfBirthProblem, isAdult, isProfileComplete, normalizeIndianMobile } from './profile-rules.js';

describe('profile rules', () => {
  it('calls a profile complete only with name, email, phone, city and occupation all present', () => {
    const full = { fullName: 'Asha', email: 'a@x.in', phoneNumber: '+919876543210', city: 'Pune', occupation: 'student' };
    expect(isProfileComplete(full)).toBe(true);
    for (const k of Object.keys(full)) {
      expect(isProfileComplete({ ...full, [k]: null })).toBe(false);
      expect(isProfileComplete({ ...full, [k]: '  ' })).toBe(false);
    }
  });

  it('stores an Indian mobile as +91 and ten digits starting 6-9', () => {
    expect(normalizeIndianMobile('9876543210')).toBe('+919876543210');
    expect(normalizeIndianMobile('+91 98765-43210')).toBe('+919876543210');
    expect(normalizeIndianMobile('09876543210')).toBe('+919876543210');
    expect(normalizeIndianMobile('5876543210')).toBeNull();
    expect(normalizeIndianMobile('987654321')).toBeNull();
    expect(normalizeIndianMobile('+44 7911 123456')).toBeNull();
    expect(normalizeIndianMobile('98765432a0')).toBeNull();
  });

  it('counts age in whole years, birthday included', () => {
    expect(ageOn('2013-11-22', '2026-11-22')).toBe(13);
    expect(ageOn('2013-11-23', '2026-11-22')).toBe(12);
    expect(dateOfBirthProblem('2008-11-23', '2026-11-22')).toMatch(/at least 18/);
    expect(dateOfBirthProblem('2013-11-22', '2026-11-22')).toMatch(/at least 18/);
    expect(dateOfBirthProblem('2008-11-22', '2026-11-22')).toBeNull();
    expect(dateOfBirthProblem('2026-11-22', '2026-11-22')).toBe('Date of birth must be in the past');
  });

  it('money needs an adult on file: 18 or over today, birthday included; no date is not adult', () => {
    expect(isAdult('2008-11-22', '2026-11-22')).toBe(true);
    expect(isAdult('2008-11-23', '2026-11-22')).toBe(false);
    expect(isAdult(null, '2026-11-22')).toBe(false);
  });
});
