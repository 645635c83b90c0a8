import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/test-utils';
import { profileChanges, profileFormOf, profileSchema } from './profile-schema';

const user = makeUser({ fullName: 'Asha Rao', phoneNumber: '+919876543210', city: 'Pune', institutionName: 'IIT', emergencyContact: null });

describe('profile form', () => {
  it('shows the stored +91 numbers as their 10 digits', () => {
    expect(profileFormOf(user).phoneNumber).toBe('9876543210');
    expect(profileFormOf(user).emergencyContact).toBe('');
  });

  it('sends only what changed, trimmed, with +91 before a valid mobile and cleared optional texts as null', () => {
    const before = profileFormOf(user);
    const after = profileSchema.parse({ ...before, city: ' Mumbai ', institutionName: '  ', emergencyContact: '9123456780', fullName: 'Asha Rao ' });
    expect(profileChanges(before, after)).toEqual({ city: 'Mumbai', institutionName: null, emergencyContact: '+919123456780' });
  });

  it('nothing changed: nothing to send', () => {
    const before = profileFormOf(user);
    expect(profileChanges(before, profileSchema.parse(before))).toEqual({});
  });
});
