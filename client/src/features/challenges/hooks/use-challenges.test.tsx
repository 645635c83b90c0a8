import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { configure } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, makeChallenge, makeUser, stubFetch, TestProviders } from '@/testing/test-utils';
import { cancelChallenge as cancelRequest } from '../api/challenges-api';
import { todayIST } from '../utils/dates';
import { cancelFailureWords, useChallenges } from './use-challenges';

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });

const auth = fakeAuth({ user: makeUser() });
const wrapper = ({ children }: { children: ReactNode }) => <TestProviders auth={auth}>{children}</TestProviders>;

describe('challenge store (SPEC.md sections 4 and 8)', { timeout: 20_000 }, () => {
  it('loads page 0 of 10, today (IST) and the stats once authenticated', async () => {
    const fetchMock = stubFetch({
      'GET /challenges': { body: { challenges: [], page: 0, size: 10, total: 0 } },
      [`GET /challenges/date/${todayIST()}`]: { body: { challenges: [] } },
      'GET /challenges/stats': { body: { totalChallenges: 3, currentStreak: 2, successRate: 50 } },
    });
    const { result } = renderHook(() => useChallenges(), { wrapper });
    await waitFor(() => expect(result.current.stats?.totalChallenges).toBe(3));
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/v1/challenges?page=0&size=10');
    expect(urls).toContain(`/api/v1/challenges/date/${todayIST()}`);
    expect(result.current.error).toBeNull();
  });

  it('a failed load is its card’s to show (with Retry): no page-wide message', async () => {
    stubFetch({
      'GET /challenges': { body: { challenges: [], page: 0, size: 10, total: 0 } },
      [`GET /challenges/date/${todayIST()}`]: { body: { challenges: [] } },
      'GET /challenges/stats': { status: 400, body: { success: false, statusCode: 400, error: 'boom' } },
    });
    const { result } = renderHook(() => useChallenges(), { wrapper });
    await waitFor(() => expect(result.current.statsLoad.failed).toBe(true));
    expect(result.current.todayLoad.failed).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('a 401 shows no load message (the session is gone)', async () => {
    stubFetch({
      'GET /challenges': { status: 401, body: { success: false, statusCode: 401, error: 'Unauthorized' } },
      [`GET /challenges/date/${todayIST()}`]: { body: { challenges: [] } },
      'GET /challenges/stats': { body: {} },
    });
    const { result } = renderHook(() => useChallenges(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.error).toBeNull();
  });

  it('a failed cancel is said where it was asked (the dialog), in plain words, not again in the page banner', async () => {
    stubFetch({
      'GET /challenges': { body: { challenges: [] } },
      [`GET /challenges/date/${todayIST()}`]: { body: { challenges: [] } },
      'GET /challenges/stats': { body: {} },
      'DELETE /challenges/c1': { status: 500, body: { success: false, statusCode: 500, error: 'Internal Server Error' } },
    });
    const { result } = renderHook(() => useChallenges(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let thrown: unknown;
    await act(async () => {
      await result.current.cancelChallenge(makeChallenge()).catch((e: unknown) => (thrown = e));
    });
    expect(thrown).toBeDefined();
    expect(result.current.error).toBeNull();
    const words = cancelFailureWords(thrown);
    expect(words).toBe("Failed to cancel challenge: we couldn't reach WakeStake, so nothing was changed. Please try again.");
    expect(words).not.toMatch(/Internal Server Error/);
  });

  it("a refused cancel (4xx) keeps the server's reason", async () => {
    stubFetch({
      'DELETE /challenges/c1': { status: 400, body: { success: false, statusCode: 400, error: 'Cancellation closed at 11:59 PM the night before' } },
    });
    const thrown = await cancelRequest('c1').catch((e: unknown) => e);
    expect(cancelFailureWords(thrown)).toBe('Failed to cancel challenge: Cancellation closed at 11:59 PM the night before');
  });

  it("checking in with no challenge today: 'No challenge found for today to verify.'", async () => {
    stubFetch({
      'GET /challenges': { body: { challenges: [] } },
      [`GET /challenges/date/${todayIST()}`]: { body: { challenges: [] } },
      'GET /challenges/stats': { body: {} },
    });
    const { result } = renderHook(() => useChallenges(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(async () => {
      await result.current.verifyChallenge({ verificationMethod: 'MANUAL' }).catch(() => undefined);
    });
    expect(result.current.error).toBe('No challenge found for today to verify.');
  });

  it('loads nothing when signed out', () => {
    const fetchMock = stubFetch({});
    const signedOut = ({ children }: { children: ReactNode }) => <TestProviders auth={fakeAuth()}>{children}</TestProviders>;
    const { result } = renderHook(() => useChallenges(), { wrapper: signedOut });
    expect(result.current.challenges).toEqual([]);
    expect(result.current.todayChallenge).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
