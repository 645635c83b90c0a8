import { pledgeOf } from './pledge-rules.js';

const charities = [
  { id: 'akshaya-patra', name: 'Akshaya Patra' },
  { id: 'goonj', name: 'Goonj' },
];

describe('pledgeOf (the mode and charity a new challenge is fixed to)', () => {
  it('fixes pool mode with no charity, ignoring a charity sent anyway', () => {
    expect(pledgeOf({ poolMode: 'pool', charities }, 'goonj')).toEqual({ poolMode: 'pool', charityId: null });
  });

  it("takes the user's pick in pledge mode, else the first charity listed", () => {
    expect(pledgeOf({ poolMode: 'pledge', charities }, 'goonj')).toEqual({ poolMode: 'pledge', charityId: 'goonj' });
    expect(pledgeOf({ poolMode: 'pledge', charities }, undefined)).toEqual({ poolMode: 'pledge', charityId: 'akshaya-patra' });
  });

  it('sends a miss to the platform when the operator keeps no charity list', () => {
    expect(pledgeOf({ poolMode: 'pledge', charities: [] }, undefined)).toEqual({ poolMode: 'pledge', charityId: null });
  });

  it('refuses a charity not on the list, naming the allowed ones', () => {
    expect(pledgeOf({ poolMode: 'pledge', charities }, 'nope')).toEqual({ problem: 'charityId must be one of akshaya-patra, goonj' });
  });
});
