import { Box, Button, Card, Container, Field, Heading, HStack, Input, InputGroup, NativeSelect, Progress, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GENDERS, OCCUPATIONS, updateProfileRequest, useAuth, FormStack } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { isValidMobile, phoneDigits, phoneForServer, phoneFromServer } from '../lib/phone';

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

type Values = { fullName: string; phone: string; dateOfBirth: string; gender: string; city: string; occupation: string };
type Errors = Partial<Record<keyof Values, string>>;

function validateStep1(v: Values): Errors {
  const e: Errors = {};
  if (!v.fullName.trim()) e.fullName = onboardingMessages.fullName;
  if (!v.phone) e.phone = onboardingMessages.phone;
  else if (!isValidMobile(v.phone)) e.phone = onboardingMessages.phoneInvalid;
  return e;
}

function validateStep2(v: Values): Errors {
  const e: Errors = {};
  if (!v.dateOfBirth) e.dateOfBirth = onboardingMessages.dateOfBirth;
  if (!v.gender) e.gender = onboardingMessages.gender;
  if (!v.city.trim()) e.city = onboardingMessages.city;
  if (!v.occupation) e.occupation = onboardingMessages.occupation;
  return e;
}

/** Profile completion wizard (SPEC.md sections 2, 4, 5): step 1 name and phone, step 2 the rest. */
export function OnboardingPage() {
  const { user, setUser, refreshUser } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<Values>(() => ({
    fullName: user?.fullName ?? '',
    phone: phoneFromServer(user?.phoneNumber),
    dateOfBirth: user?.dateOfBirth ?? '',
    gender: user?.gender ?? '',
    city: user?.city ?? '',
    occupation: user?.occupation ?? '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: updateProfileRequest,
    onSuccess: async ({ user: saved }) => {
      setUser({ ...user, ...saved });
      await refreshUser();
      navigate(paths.dashboard, { replace: true });
    },
  });
  const saving = save.isPending;
  const serverError = save.isError
    ? isApiError(save.error) && save.error.status < 500 && save.error.serverMessage
      ? save.error.serverMessage
      : onboardingMessages.failed
    : null;

  const set = (name: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const e = validateStep1(values);
    setErrors(e);
    if (Object.keys(e).length === 0) setStep(2);
  };

  const finish = (event: FormEvent) => {
    event.preventDefault();
    const e = validateStep2(values);
    setErrors(e);
    if (Object.keys(e).length) return;
    save.mutate({
      fullName: values.fullName.trim(),
      phoneNumber: phoneForServer(values.phone),
      dateOfBirth: values.dateOfBirth,
      gender: values.gender,
      city: values.city.trim(),
      occupation: values.occupation,
    });
  };

  const today = new Date().toISOString().slice(0, 10);

  return (
    <Container maxW="lg" py={{ base: 8, md: 12 }}>
      <Card.Root variant="outline">
        <Card.Body gap={6}>
          <Box>
            <Heading as="h1" size="2xl">
              Complete your profile
            </Heading>
            <Text mt={2} color="fg.muted">
              A few details before your first challenge.
            </Text>
          </Box>

          <Progress.Root value={step === 1 ? 50 : 100} colorPalette="brand" size="sm">
            <HStack justify="space-between" mb={2}>
              <Progress.Label>Step {step} of 2</Progress.Label>
              <Text fontSize="sm" color="fg.muted">
                {step === 1 ? 'Name and phone' : 'About you'}
              </Text>
            </HStack>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>

          {step === 1 ? (
            <FormStack gap={4} onSubmit={next} noValidate aria-label="Step 1: name and phone">
              <Field.Root required invalid={!!errors.fullName}>
                <Field.Label>
                  Full name <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="name" value={values.fullName} onChange={(e) => set('fullName', e.target.value)} />
                <Field.ErrorText>{errors.fullName}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={!!errors.phone}>
                <Field.Label>
                  Phone number <Field.RequiredIndicator />
                </Field.Label>
                <InputGroup startAddon="+91">
                  <Input
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    placeholder="10-digit mobile number"
                    value={values.phone}
                    onChange={(e) => set('phone', phoneDigits(e.target.value))}
                  />
                </InputGroup>
                {errors.phone ? (
                  <Field.ErrorText>{errors.phone}</Field.ErrorText>
                ) : (
                  <Field.HelperText>Phone verification is currently disabled: you will not receive a code.</Field.HelperText>
                )}
              </Field.Root>
              <Button type="submit" colorPalette="brand">
                Next
              </Button>
            </FormStack>
          ) : (
            <FormStack gap={4} onSubmit={finish} noValidate aria-label="Step 2: about you">
              <Field.Root required invalid={!!errors.dateOfBirth}>
                <Field.Label>
                  Date of birth <Field.RequiredIndicator />
                </Field.Label>
                <Input type="date" max={today} value={values.dateOfBirth} onChange={(e) => set('dateOfBirth', e.target.value)} />
                <Field.ErrorText>{errors.dateOfBirth}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={!!errors.gender}>
                <Field.Label>
                  Gender <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field placeholder="Select gender" value={values.gender} onChange={(e) => set('gender', e.target.value)}>
                    {GENDERS.map((g) => (
                      <option key={g} value={g}>
                        {g}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{errors.gender}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={!!errors.city}>
                <Field.Label>
                  City <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="address-level2" value={values.city} onChange={(e) => set('city', e.target.value)} />
                <Field.ErrorText>{errors.city}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={!!errors.occupation}>
                <Field.Label>
                  Occupation <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field placeholder="Select occupation" value={values.occupation} onChange={(e) => set('occupation', e.target.value)}>
                    {OCCUPATIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{errors.occupation}</Field.ErrorText>
              </Field.Root>
              {serverError ? (
                <Text role="alert" color="fg.error" fontWeight="medium">
                  {serverError}
                </Text>
              ) : null}
              <HStack gap={3}>
                <Button type="button" variant="outline" onClick={() => setStep(1)} flex="1">
                  Back
                </Button>
                <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving…" flex="1">
                  Complete Profile
                </Button>
              </HStack>
            </FormStack>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
