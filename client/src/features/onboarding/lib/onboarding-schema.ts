// The profile wizard's form (SPEC.md sections 2, 4, 5): step 1 name and phone, step 2 the rest. The allowed genders and
// occupations come from profile-options (the server's lists); the cleaned form is the PUT /auth/profile body.
import { GENDERS, OCCUPATIONS } from '@/lib/auth';
import type { ApiBody } from '@/types/api';
import { filledTrimmed, oneOf, z, type Fills } from '@/lib/forms/schema';
import { isValidMobile, phoneForServer } from '@/lib/phone';

export const onboardingMessages = {
  fullName: 'Full name is required',
  phone: 'Phone number is required',
  phoneInvalid: 'Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9',
  dateOfBirth: 'Date of birth is required',
  gender: 'Gender is required',
  city: 'City is required',
  occupation: 'Occupation is required',
  failed: 'Failed to save profile. Please try again.',
} as const;

type ProfileBody = Required<Pick<ApiBody<'/auth/profile', 'put'>, 'fullName' | 'phoneNumber' | 'dateOfBirth' | 'gender' | 'city' | 'occupation'>>;

const occupationValues = OCCUPATIONS.map((o) => o.value);

/** The fields each step asks for (the Next button checks step 1's only). */
export const STEP_FIELDS = {
  1: ['fullName', 'phone'],
  2: ['dateOfBirth', 'gender', 'city', 'occupation'],
} as const;

export const onboardingSchema = z.pipe(
  z.object({
    fullName: filledTrimmed(onboardingMessages.fullName),
    phone: z.string().check(z.minLength(1, { error: onboardingMessages.phone, abort: true }), z.refine(isValidMobile, onboardingMessages.phoneInvalid)),
    dateOfBirth: z.string().check(z.minLength(1, onboardingMessages.dateOfBirth)),
    gender: oneOf(GENDERS, onboardingMessages.gender),
    city: filledTrimmed(onboardingMessages.city),
    occupation: oneOf(occupationValues, onboardingMessages.occupation),
  }),
  z.transform(({ phone, ...rest }) => ({ ...rest, phoneNumber: phoneForServer(phone) })),
) satisfies Fills<ProfileBody>;

export type OnboardingForm = z.input<typeof onboardingSchema>;
export type OnboardingValues = z.output<typeof onboardingSchema>;
