import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { stubApi } from '@/testing/api-stub';
import type { SelfLimits } from '../api/limits-api';
import { capInputProblem, LimitsSection } from './limits-section';

vi.setConfig({ testTimeout: 20_000 });

const base: SelfLimits = {
  monthlyStakeCap: null,
  pendingMonthlyStakeCap: null,
  month: '2026-11',
  monthStaked: 60,
  monthRemaining: null,
  isPaused: false,
  pausedUntil: null,
  coolingOffHours: 24,
  pauseDayOptions: [7, 30],
  minMonthlyStakeCap: 10,
  maxMonthlyStakeCap: 3100,
};
const ok = (data: SelfLimits) => ({ body: { success: true, data } });

describe('Settings → Limits', () => {
  it('shows the month’s stakes and sets a first cap, which holds at once', async () => {
    let current = base;
    const { calls } = stubApi((c) => {
      if (c.method === 'GET' && c.path === '/me/limits') return ok(current);
      if (c.method === 'PUT' && c.path === '/me/limits') {
        current = { ...current, monthlyStakeCap: 500, monthRemaining: 440 };
        return ok(current);
      }
    });
    renderWithProviders(<LimitsSection />);
    expect(await screen.findByText('November 2026: ₹60 staked')).toBeInTheDocument();
    expect(screen.getByText('No monthly cap.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Monthly stake cap (₹)'), '500');
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Monthly cap saved');
    expect(screen.getByText('November 2026: ₹60 staked of your ₹500 monthly cap (₹440 left)')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ monthlyStakeCap: 500 });
  });

  it('checks the amount before calling: whole rupees from ₹10 to ₹3,100', async () => {
    const { calls } = stubApi((c) => (c.method === 'GET' ? ok(base) : undefined));
    renderWithProviders(<LimitsSection />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Monthly stake cap (₹)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number of rupees from ₹10 to ₹3,100');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(capInputProblem('99.5', 10, 3100)).not.toBeNull();
    expect(capInputProblem(' 3100 ', 10, 3100)).toBeNull();
  });

  it('says when a raise takes effect, and shows the server’s refusal', async () => {
    const capped = { ...base, monthlyStakeCap: 100, monthRemaining: 40 };
    let put = 0;
    stubApi((c) => {
      if (c.method === 'GET') return ok(capped);
      if (c.method === 'PUT') {
        put += 1;
        return put === 1
          ? ok({ ...capped, pendingMonthlyStakeCap: { monthlyStakeCap: 200, effectiveAt: '2026-11-27T04:30:00.000Z' } })
          : {
              status: 400,
              body: { success: false, statusCode: 400, error: 'monthlyStakeCap must be a whole number of rupees from ₹10 to ₹3,100, or null for no cap' },
            };
      }
    });
    renderWithProviders(<LimitsSection />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Monthly stake cap (₹)'), '200');
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: a higher cap, or no cap, takes effect 24 hours from now');
    expect(screen.getByText(/A cap of ₹200 from 27 Nov 2026, 10:00 am IST/i)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Monthly stake cap (₹)'), '3000');
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('monthlyStakeCap must be a whole number of rupees'));
  });

  it('starts a cooling-off pause and ends it early', async () => {
    const paused = { ...base, isPaused: true, pausedUntil: '2026-12-03T04:30:00.000Z' };
    const { calls } = stubApi((c) => {
      if (c.method === 'GET') return ok(base);
      if (c.method === 'POST' && c.path === '/me/limits/pause') return ok(paused);
      if (c.method === 'DELETE' && c.path === '/me/limits/pause') return ok({ ...paused, pausedUntil: '2026-11-27T04:30:00.000Z' });
    });
    renderWithProviders(<LimitsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause for 7 days' }));
    expect(await screen.findByText(/No new stakes until 3 Dec 2026, 10:00 am IST/i)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ days: 7 });
    await user.click(screen.getByRole('button', { name: 'End pause early' }));
    expect(await screen.findByText(/No new stakes until 27 Nov 2026, 10:00 am IST/i)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your pause now ends 24 hours from now');
  });

  it('a failed read is a quiet line, not an alert', async () => {
    stubApi(() => ({ status: 500, body: {} }));
    renderWithProviders(<LimitsSection />);
    expect(await screen.findByText('Could not load your limits. Please refresh the page.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
