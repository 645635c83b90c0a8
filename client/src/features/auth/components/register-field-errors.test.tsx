import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/test-utils';
import { input, renderRoute, typeIn } from '@/testing/render-routes';
import { RegisterPage } from './register-page';

vi.setConfig({ testTimeout: 20_000 });

describe('Register: each field checked once it is left (react-hook-form, onTouched)', () => {
  it('a field left blank says so at once; typing in it takes the message away', async () => {
    stubFetch({});
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    fireEvent.blur(input(/^full name/i));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument(); // untouched fields stay quiet
    typeIn(input(/^full name/i), 'Asha Rao');
    await waitFor(() => expect(screen.queryByText('Full name is required')).not.toBeInTheDocument());
  });

  it('the second password says the mismatch under it once left, and clears when it matches', async () => {
    stubFetch({});
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    typeIn(input(/^password/i), 'long-enough-1');
    typeIn(input(/^confirm password/i), 'long-enough-2');
    fireEvent.blur(input(/^confirm password/i));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // the alert above the button is for submit
    typeIn(input(/^confirm password/i), 'long-enough-1');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument());
  });

  it('typing the password leaves the untouched confirmation quiet (no message appears, then goes, under the pointer)', async () => {
    stubFetch({});
    renderRoute('/register', <RegisterPage />, { auth: 'real' });
    typeIn(input(/^password/i), 'long-enough-1');
    fireEvent.blur(input(/^password/i));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Please confirm your password')).not.toBeInTheDocument();
    // Once the confirmation was left, a changed password re-checks it.
    typeIn(input(/^confirm password/i), 'long-enough-1');
    fireEvent.blur(input(/^confirm password/i));
    typeIn(input(/^password/i), 'long-enough-9');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });
});
