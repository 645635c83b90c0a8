import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { DashboardPage } from './dashboard-page';
import { WalletBalanceCard } from './wallet-balance-card';

vi.setConfig({ testTimeout: 20_000 });

describe('dashboard on a phone', () => {
  it("today's challenge comes before the balance in the document (first on a phone)", () => {
    renderWithProviders(
      <DashboardPage
        header={<h1>Hello</h1>}
        wallet={<div data-testid="wallet-slot" />}
        today={<div data-testid="today-slot" />}
        testMode={<div data-testid="test-slot" />}
        upcoming={null}
        pledges={null}
        stats={null}
        quickActions={null}
        history={null}
      />,
    );
    const today = screen.getByTestId('today-slot');
    expect(today.compareDocumentPosition(screen.getByTestId('wallet-slot')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // the test-mode box no longer sits between the header and today's challenge
    expect(today.compareDocumentPosition(screen.getByTestId('test-slot')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the balance loads as a skeleton, then shows the figure', () => {
    const { unmount } = renderWithProviders(<WalletBalanceCard onWithdraw={vi.fn()} onAddFunds={vi.fn()} />);
    expect(screen.getByTestId('wallet-balance-loading')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    unmount();
    renderWithProviders(<WalletBalanceCard balance={120} onWithdraw={vi.fn()} onAddFunds={vi.fn()} />);
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₹120');
  });

  it('renders the first screen first, then the sections below it in later commits, then drops the placeholder', async () => {
    const { container } = renderWithProviders(
      <DashboardPage
        header={<h1>Hello</h1>}
        wallet={<div data-testid="wallet-slot" />}
        today={<div data-testid="today-slot" />}
        stats={<div data-testid="stats-slot" />}
        upcoming={<div data-testid="upcoming-slot" />}
        pledges={<div data-testid="pledges-slot" />}
        quickActions={<div data-testid="actions-slot" />}
        history={<div data-testid="history-slot" />}
      />,
    );
    expect(screen.getByTestId('today-slot')).toBeInTheDocument();
    expect(screen.queryByTestId('stats-slot')).toBeNull();
    expect(screen.queryByTestId('history-slot')).toBeNull();
    const placeholder = () => container.querySelector('[aria-hidden="true"]');
    expect(placeholder()).not.toBeNull();
    await screen.findByTestId('stats-slot');
    await screen.findByTestId('history-slot');
    for (const id of ['upcoming-slot', 'pledges-slot', 'actions-slot']) expect(screen.getByTestId(id)).toBeInTheDocument();
    await waitFor(() => expect(placeholder()).toBeNull());
  });
});
