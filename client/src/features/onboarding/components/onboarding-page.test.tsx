import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { input, renderRoute, sentBody, typeIn } from '@/testing/render-routes';
import { meKey } from '@/lib/auth';
import { fakeAuth, makeUser, stubFetch, testQueryClient } from '@/testing/test-utils';
import { phoneForServer, phoneDigits } from '@/lib/phone';
import { OnboardingPage } from './onboarding-page';

// Form flows with Chakra in jsdom are slow on a busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const newUser = makeUser({ fullName: 'Asha Rao', phoneNumber: null, city: null, occupation: null });
const click = (name: string) => userEvent.setup().click(screen.getByRole('button', { name }));
const select = (label: RegExp, value: string) => userEvent.setup().selectOptions(screen.getByLabelText(label, { selector: 'select' }), value);

describe('phone rules', () => {
  it('keeps digits only, at most 10', () => {
    expect(phoneDigits('98a76-54 32109')).toBe('9876543210');
    expect(phoneDigits('987654321012')).toBe('9876543210');
  });
  it('drops a pasted +91 or 0 prefix', () => {
    expect(phoneDigits('+91 98765 43210')).toBe('9876543210');
    expect(phoneDigits('09876543210')).toBe('9876543210');
  });
  it('prefixes +91 to a valid 10-digit number starting 6-9, and leaves others as typed', () => {
    expect(phoneForServer('9876543210')).toBe('+919876543210');
    expect(phoneForServer('5876543210')).toBe('5876543210');
  });
});

describe('/onboarding', () => {
  it("step 1 requires name and phone: 'Full name is required', 'Phone number is required'", async () => {
    renderRoute('/onboarding', <OnboardingPage />, { auth: fakeAuth({ user: makeUser({ fullName: '', phoneNumber: null }) }) });
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await click('Next');
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
  });

  it('the phone field takes digits only, 10 at most, and says phone verification is disabled', () => {
    renderRoute('/onboarding', <OnboardingPage />, { auth: fakeAuth({ user: newUser }) });
    typeIn(input(/^phone number/i), '98a765-432109');
    expect(input(/^phone number/i)).toHaveValue('9876543210');
    expect(screen.getByText(/Phone verification is currently disabled/)).toBeInTheDocument();
  });

  it('step 2 requires date of birth, gender, city (and occupation)', async () => {
    renderRoute('/onboarding', <OnboardingPage />, { auth: fakeAuth({ user: newUser }) });
    typeIn(input(/^phone number/i), '9876543210');
    await click('Next');
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    await click('Complete Profile');
    expect(screen.getByText('Date of birth is required')).toBeInTheDocument();
    expect(screen.getByText('Gender is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('Occupation is required')).toBeInTheDocument();
  });

  it('offers the four genders and three occupations', async () => {
    renderRoute('/onboarding', <OnboardingPage />, { auth: fakeAuth({ user: newUser }) });
    typeIn(input(/^phone number/i), '9876543210');
    await click('Next');
    const genders = [...(screen.getByLabelText(/^gender/i, { selector: 'select' }) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(genders).toEqual(['Male', 'Female', 'Other', 'Prefer not to say']);
    const occupations = [...(screen.getByLabelText(/^occupation/i, { selector: 'select' }) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(occupations).toEqual(['student', 'working-professional', 'other']);
  });

  it('saves through PUT /auth/profile with +91, refreshes the user and goes to /dashboard', async () => {
    const saved = { ...newUser, phoneNumber: '+919876543210', city: 'Pune', occupation: 'student', gender: 'Female', dateOfBirth: '2000-01-15' };
    const fetchMock = stubFetch({ 'PUT /auth/profile': { body: { success: true, message: 'Profile updated successfully', data: saved } } });
    const auth = fakeAuth({ user: newUser, refreshUser: vi.fn(async () => saved) });
    const client = testQueryClient();
    renderRoute('/onboarding', <OnboardingPage />, { auth, client });
    typeIn(input(/^phone number/i), '9876543210');
    await click('Next');
    typeIn(input(/^date of birth/i), '2000-01-15');
    await select(/^gender/i, 'Female');
    typeIn(input(/^city/i), ' Pune ');
    await select(/^occupation/i, 'student');
    await click('Complete Profile');
    expect(await screen.findByText('/dashboard page')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PUT /auth/profile')).toEqual({
      fullName: 'Asha Rao',
      phoneNumber: '+919876543210',
      dateOfBirth: '2000-01-15',
      gender: 'Female',
      city: 'Pune',
      occupation: 'student',
    });
    expect(client.getQueryData(meKey)).toEqual(expect.objectContaining({ city: 'Pune' }));
    expect(auth.refreshUser).toHaveBeenCalled();
  });

  it("shows the server's message when the profile is refused", async () => {
    stubFetch({ 'PUT /auth/profile': { status: 400, body: { success: false, statusCode: 400, error: 'You must be at least 13 years old to use WakeStake' } } });
    renderRoute('/onboarding', <OnboardingPage />, { auth: fakeAuth({ user: newUser }) });
    typeIn(input(/^phone number/i), '9876543210');
    await click('Next');
    typeIn(input(/^date of birth/i), '2020-01-15');
    await select(/^gender/i, 'Male');
    typeIn(input(/^city/i), 'Pune');
    await select(/^occupation/i, 'other');
    await click('Complete Profile');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('You must be at least 13 years old to use WakeStake'));
  });
});

describe('/onboarding: fields checked once left', () => {
  it('a phone number that is not a mobile says so when the field is left, and clears once it is one', async () => {
    renderRoute('/onboarding', <OnboardingPage />, { auth: fakeAuth({ user: newUser }) });
    typeIn(input(/^phone number/i), '5876543210');
    fireEvent.blur(input(/^phone number/i));
    expect(await screen.findByText('Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9')).toBeInTheDocument();
    expect(screen.queryByText(/Phone verification is currently disabled/)).not.toBeInTheDocument();
    typeIn(input(/^phone number/i), '9876543210');
    await waitFor(() => expect(screen.queryByText(/valid 10-digit mobile number/)).not.toBeInTheDocument());
  });
});
