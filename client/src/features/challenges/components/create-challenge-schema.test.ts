import { describe, expect, it } from 'vitest';
import { schemaErrors } from '@/lib/forms/submit-now';
import { createChallengeSchema } from './create-challenge-schema';

const form = { challengeDate: '2031-03-04', wakeMinutes: 390, forfeit: '25' };

describe('Create Challenge schema', () => {
  it('cleans the form into the POST /challenges body', () => {
    expect(createChallengeSchema(500).parse(form)).toEqual({ challengeDate: '2031-03-04', wakeUpTime: '06:30', forfeitAmount: 25 });
  });

  it('says the stake rules of checkCreateForm in the form words', () => {
    expect(schemaErrors(createChallengeSchema(60), { ...form, forfeit: '70' })?.forfeit?.message).toBe('Forfeit amount exceeds available balance!');
    expect(schemaErrors(createChallengeSchema(60), { ...form, forfeit: '9' })?.forfeit?.message).toBe('Forfeit must be a whole number from ₹10 to ₹60');
    expect(schemaErrors(createChallengeSchema(500), { ...form, forfeit: '12.5' })?.forfeit?.message).toBe('Forfeit must be a whole number from ₹10 to ₹100');
    expect(schemaErrors(createChallengeSchema(500), { ...form, forfeit: ' ' })?.forfeit?.message).toBe('Forfeit must be a whole number from ₹10 to ₹100');
    expect(schemaErrors(createChallengeSchema(500), { ...form, forfeit: '100' })).toBeNull();
  });

  it('needs a date', () => {
    expect(schemaErrors(createChallengeSchema(500), { ...form, challengeDate: '' })?.challengeDate?.message).toBe('No date can be booked');
  });
});
