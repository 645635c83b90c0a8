import { createHash } from 'node:crypto';
import { GENESIS_HASH, postingHash } from './journal.js';

describe('postingHash: the keyed per-account chain', () => {
  const posting = {
    prevHash: GENESIS_HASH,
    entryId: '01a20ecd-31ca-7000-821b-758015adf0c2',
    account: 'user:u1:wallet',
    amount: 2_500n,
    seq: 1n,
    idempotencyKey: 'deposit:order_1',
    contentHash: 'a'.repeat(64),
  };

  it('is HMAC-SHA256 with the ledger key over the posting, its entry and its previous hash', () => {
    const h = postingHash('k1', posting);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(postingHash('k1', { ...posting })).toBe(h);
  });

  it('cannot be made without the key: another key, or the unkeyed SHA-256 of the same fields, differs', () => {
    const h = postingHash('k1', posting);
    expect(postingHash('k2', posting)).not.toBe(h);
    const unkeyed = createHash('sha256')
      .update([posting.prevHash, posting.entryId, posting.account, '2500', '1', posting.idempotencyKey].join('|'))
      .digest('hex');
    expect(h).not.toBe(unkeyed);
  });

  it('covers every field: amount, account, seq, previous hash, key and content hash', () => {
    const h = postingHash('k1', posting);
    for (const change of [
      { amount: 2_501n },
      { account: 'user:u2:wallet' },
      { seq: 2n },
      { prevHash: 'f'.repeat(64) },
      { idempotencyKey: 'deposit:order_2' },
      { contentHash: 'b'.repeat(64) },
    ]) {
      expect(postingHash('k1', { ...posting, ...change })).not.toBe(h);
    }
  });
});
