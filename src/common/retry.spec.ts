import { retry } from './retry.js';

describe('retry', () => {
  const failing = (times: number, error: unknown) => {
    let calls = 0;
    const work = jest.fn(async () => {
      if (++calls <= times) throw error;
      return calls;
    });
    return work;
  };
  const options = { retryable: (e: unknown) => e === 'clash', delay: () => 0 };

  it('runs the work again after a retryable failure until it succeeds', async () => {
    const work = failing(2, 'clash');
    await expect(retry(work, { ...options, attempts: 3 })).resolves.toBe(3);
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('throws the last failure once the attempts are spent', async () => {
    const work = failing(5, 'clash');
    const seen: number[] = [];
    await expect(retry(work, { ...options, attempts: 3, onRetry: (_e, n) => seen.push(n) })).rejects.toBe('clash');
    expect(work).toHaveBeenCalledTimes(3);
    expect(seen).toEqual([1, 2]);
  });

  it('throws a failure that is not retryable at once', async () => {
    const work = failing(1, 'broken');
    await expect(retry(work, { ...options, attempts: 3 })).rejects.toBe('broken');
    expect(work).toHaveBeenCalledTimes(1);
  });
});
