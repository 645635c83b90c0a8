import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RouterProvider } from 'react-router-dom';
import { makeUser, stubFetch } from '@/testing/test-utils';
import { AppProvider } from './provider';
import { createTestRouter } from './router';

function renderApp(path: string) {
  const router = createTestRouter([path]);
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('app routes', () => {
  it('landing invites a signed-out visitor to Get Started and Login', async () => {
    stubFetch({});
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get paid to wake up on time' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: 'Get Started' })[0]).toHaveAttribute('href', '/register');
    expect(within(main).getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
    // jsdom ignores media queries, so the header renders as on a phone: the links sit behind "Open menu".
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Toggle color mode' })).toBeInTheDocument();
    await userEvent.click(within(header).getByRole('button', { name: 'Open menu' }));
    expect(within(header).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('landing offers Dashboard and Create a Challenge once signed in', async () => {
    localStorage.setItem('token', 't1');
    stubFetch({ 'GET /auth/profile': { body: { success: true, data: makeUser() } } });
    renderApp('/');
    const main = await screen.findByRole('main');
    expect((await within(main).findAllByRole('link', { name: 'Dashboard' }))[0]).toHaveAttribute('href', '/dashboard');
    expect(within(main).getAllByRole('link', { name: 'Create a Challenge' })[0]).toHaveAttribute('href', '/challenge');
    expect(within(main).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    stubFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('drops a stored token the server refuses and sends the visitor to /login', async () => {
    localStorage.setItem('token', 'revoked');
    localStorage.setItem('user', JSON.stringify(makeUser()));
    stubFetch({ 'GET /auth/profile': { status: 401, body: { error: 'Unauthorized' } } });
    const router = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/dashboard');
  });

  it('logout clears the session even when the server call fails', async () => {
    localStorage.setItem('token', 't1');
    stubFetch({
      'GET /auth/profile': { body: makeUser() },
      'POST /auth/logout': { status: 500, body: { error: 'boom' } },
    });
    const router = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: /Asha!/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
