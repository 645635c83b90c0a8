import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ListCard } from './list-card';

vi.setConfig({ testTimeout: 20_000 });

describe('ListCard', () => {
  it('titles the card, and offers View All / Show Less only when there are more entries than it shows', async () => {
    const user = userEvent.setup();
    const items = ['a', 'b', 'c'];
    const { unmount } = renderWithProviders(
      <ListCard title="Letters" headingId="letters" count={items.length} limit={2}>
        {(all) => (
          <ul aria-labelledby="letters">
            {(all ? items : items.slice(0, 2)).map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        )}
      </ListCard>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Letters' })).toHaveAttribute('id', 'letters');
    expect(within(screen.getByRole('list', { name: 'Letters' })).getAllByRole('listitem')).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'View All' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    unmount();
    renderWithProviders(
      <ListCard title="Letters" count={2} limit={2}>
        {() => null}
      </ListCard>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
