import { Box, Button, Card, Container, Heading, HStack, Input, InputGroup, Progress, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { AboutYouFields } from '@/components/ui/about-you-fields';
import { paths } from '@/config/paths';
import { GENDERS, meKey, OCCUPATIONS, updateProfileRequest, useAuth } from '@/lib/auth';
import { FormStack } from '@/components/forms/form-stack';
import { isApiError } from '@/lib/api-client';
import { FormField } from '@/lib/forms/form-field';
import { zodResolver } from '@/lib/forms/schema';
import { checkNow, submitNow } from '@/lib/forms/submit-now';
import { onboardingMessages, onboardingSchema, STEP_FIELDS, type OnboardingForm, type OnboardingValues } from '../lib/onboarding-schema';
import { phoneDigits, phoneFromServer } from '@/lib/phone';

export { onboardingMessages };

/** Profile completion wizard (SPEC.md sections 2, 4, 5): step 1 name and phone, step 2 the rest. */
export function OnboardingPage() {
  const { user, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  // Each field is checked once left (and re-checked as it is typed from then on); Next checks step 1's, submit all.
  const form = useForm<OnboardingForm, unknown, OnboardingValues>({
    resolver: zodResolver(onboardingSchema),
    mode: 'onTouched',
    defaultValues: {
      fullName: user?.fullName ?? '',
      phone: phoneFromServer(user?.phoneNumber),
      dateOfBirth: user?.dateOfBirth ?? '',
      gender: user?.gender ?? '',
      city: user?.city ?? '',
      occupation: user?.occupation ?? '',
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const phoneField = register('phone');
  const save = useMutation({
    mutationFn: updateProfileRequest,
    onSuccess: async ({ user: saved }) => {
      queryClient.setQueryData(meKey, { ...user, ...saved });
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

  const next = (event: React.FormEvent) => {
    event.preventDefault();
    if (checkNow(form, onboardingSchema, STEP_FIELDS[1])) setStep(2);
  };

  const finish = submitNow(form, onboardingSchema, (profile) => save.mutate(profile));

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
              <FormField label="Full name" required error={errors.fullName?.message}>
                <Input autoComplete="name" {...register('fullName')} />
              </FormField>
              <FormField
                label="Phone number"
                required
                error={errors.phone?.message}
                helper="Phone verification is currently disabled: you will not receive a code."
              >
                <InputGroup startAddon="+91">
                  <Input
                    type="tel"
                    inputMode="numeric"
                    autoComplete="tel-national"
                    placeholder="10-digit mobile number"
                    {...phoneField}
                    onChange={(e) => {
                      e.target.value = phoneDigits(e.target.value);
                      return phoneField.onChange(e);
                    }}
                  />
                </InputGroup>
              </FormField>
              <Button type="submit" colorPalette="brand">
                Next
              </Button>
            </FormStack>
          ) : (
            <FormStack gap={4} onSubmit={finish} noValidate aria-label="Step 2: about you">
              <AboutYouFields register={register} errors={errors} genders={GENDERS} occupations={OCCUPATIONS} />
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
