import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ColorModeButton } from './color-mode';

function preferDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: dark && query.includes('dark'),
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      }) as unknown as MediaQueryList,
  );
}

describe('colour mode', () => {
  it('follows the system preference when nothing is saved', () => {
    preferDark(true);
    renderWithProviders(<ColorModeButton />);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('toggling saves the choice under "theme" and sets the dark class on <html>', async () => {
    preferDark(false);
    renderWithProviders(<ColorModeButton />);
    expect(document.documentElement).not.toHaveClass('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Toggle color mode' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Toggle color mode' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('a saved choice wins over the system preference', () => {
    preferDark(true);
    localStorage.setItem('theme', 'light');
    renderWithProviders(<ColorModeButton />);
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
