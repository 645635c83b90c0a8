import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/test-utils';
import { PasskeysSection } from './passkeys-section';

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

vi.setConfig({ testTimeout: 20_000 });

const key = (id: string, lastUsedAt: string | null = null) => ({ id, createdAt: '2026-11-20T01:00:00.000Z', lastUsedAt, transports: ['internal'] });

describe('Settings › Passkeys', () => {
  beforeEach(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the passkeys with when they were added and used, and removes one', async () => {
    let list = [key('p1', '2026-11-27T00:45:00.000Z'), key('p2')];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (init?.method === 'DELETE' && path === '/api/v1/auth/passkeys/p1') {
        list = list.filter((p) => p.id !== 'p1');
        return new Response(JSON.stringify({ success: true, message: 'Passkey removed' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify({ success: true, data: { passkeys: list } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PasskeysSection />);
    const rows = await screen.findAllByTestId('passkey-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/Added 20 Nov 2026.* IST · last used 27 Nov 2026.* IST/);
    expect(rows[1]).toHaveTextContent('not used yet');
    await userEvent.setup().click(within(rows[0]).getByRole('button', { name: 'Remove passkey 1' }));
    await waitFor(() => expect(screen.getAllByTestId('passkey-row')).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('adds a passkey on this device; a closed passkey sheet is said in plain words', async () => {
    webauthn.startRegistration.mockRejectedValueOnce(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    const fetchMock = stubFetch({
      'GET /auth/passkeys': { body: { success: true, data: { passkeys: [] } } },
      'POST /auth/passkeys/registration-options': { body: { success: true, data: { challenge: 'c-1', rp: { id: 'localhost', name: 'WakeStake' } } } },
      'POST /auth/passkeys/register': { status: 201, body: { success: true, message: 'Passkey added', data: key('p9') } },
    });
    renderWithProviders(<PasskeysSection />);
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was added.');
    webauthn.startRegistration.mockResolvedValueOnce({ id: 'cred-9', response: {} });
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u, i]) => String(u).endsWith('/auth/passkeys/register') && i?.method === 'POST')).toHaveLength(1));
    expect(webauthn.startRegistration).toHaveBeenLastCalledWith({ optionsJSON: { challenge: 'c-1', rp: { id: 'localhost', name: 'WakeStake' } } });
  });
});
