import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api-stub';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { OutagesPanel } from './outages-panel';

vi.setConfig({ testTimeout: 20_000 });

describe('support outages panel', () => {
  it('shows each outage with the challenges it forgave', async () => {
    stubApi((call) =>
      call.path === '/support/outages'
        ? {
            body: {
              success: true,
              data: {
                date: '2026-11-23',
                outages: [
                  {
                    id: 'o1',
                    kind: 'CHECKIN_ERRORS',
                    startedAt: '2026-11-23T00:50:00.000Z',
                    endedAt: '2026-11-23T00:51:00.000Z',
                    detail: 'check-in route: 25% server errors for 1 min',
                    source: 'recorder',
                    recordedBy: null,
                    forgiven: [{ challengeId: 'c3', userId: 'u3', date: '2026-11-23', batch: 1, refunded: 80, paid: true, note: null }],
                  },
                ],
              },
            },
          }
        : undefined,
    );
    renderWithProviders(<OutagesPanel />, { auth: fakeAuth({ user: makeUser({ role: 'SUPPORT' }) }) });
    const row = await screen.findByTestId('outage-row');
    expect(row).toHaveTextContent('Check-in errors');
    expect(row).toHaveTextContent('Recorder');
    expect(row).toHaveTextContent('Challenge c3 (2026-11-23): ₹80 back');
  });
});
