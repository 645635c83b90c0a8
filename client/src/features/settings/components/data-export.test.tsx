import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { filenameOf } from '../api/export-api';
import { DataExport } from './data-export';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Download my data', () => {
  it('fetches the export with the session token and saves it under the name the server gives', async () => {
    localStorage.setItem(storageKeys.token, 'tok-1');
    const fetchMock = vi.fn(
      async () =>
        new Response('{"success":true,"data":{}}', {
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="wakestake-export-2026-01-14.json"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const created = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithProviders(<DataExport />, { auth: fakeAuth({ user: makeUser() }) });
    expect(screen.getByText(/Digital Personal Data Protection Act, 2023/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data (JSON)' }));
    expect(await screen.findByText('Saved wakestake-export-2026-01-14.json.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/me/export');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(clicked).toEqual(['wakestake-export-2026-01-14.json']);
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('asks for format=csv and says a failure instead of saving', async () => {
    const fetchMock = vi.fn(async () => new Response('{"success":false,"statusCode":503,"error":"down"}', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DataExport />, { auth: fakeAuth({ user: makeUser() }) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/v1/me/export?format=csv');
  });

  it('names the file by its kind when the server gives no name', () => {
    expect(filenameOf(null, 'csv', new Date('2026-01-14T10:00:00Z'))).toBe('wakestake-export-2026-01-14.zip');
  });
});
