import { Badge, Box, Button, Card, Container, DataList, Field, Flex, Heading, HStack, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AboutYouFields } from '@/components/ui/about-you-fields';
import { formatPercent } from '@/lib/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { FormAlert } from '@/components/forms/form-alert';
import { GENDERS, meKey, OCCUPATIONS, occupationLabel, updateProfileRequest, useAuth } from '@/lib/auth';
import { FormStack } from '@/components/forms/form-stack';
import { phoneDigits } from '@/lib/phone';
import { isApiError } from '@/lib/api-client';
import { FormField } from '@/lib/forms/form-field';
import { zodResolver } from '@/lib/forms/schema';
import { formatISTDate, formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { walletBalanceQueryOptions } from '@/lib/wallet-balance';
import { profileChanges, profileFormOf, profileSchema, type ProfileForm, type ProfileValues } from '../lib/profile-schema';

export const PROFILE_SAVE_FAILED = 'Failed to save profile. Please try again.';

export { profileChanges };

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box borderWidth="1px" borderColor="border" rounded="lg" p={4}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold">
        {value}
      </Text>
    </Box>
  );
}

export function ProfilePage() {
  const { user, isAuthenticated, refreshUser } = useAuth();
  const queryClient = useQueryClient();
  // The balance every page shows: the wallet's one cache entry, not the copy the profile carries.
  const balance = useQuery({ ...walletBalanceQueryOptions(user?.id), enabled: isAuthenticated });
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileForm, unknown, ProfileValues>({ resolver: zodResolver(profileSchema), defaultValues: profileFormOf(user) });
  const { register, reset } = form;
  const save = useMutation({
    mutationFn: updateProfileRequest,
    onSuccess: ({ user: saved }) => {
      queryClient.setQueryData(meKey, { ...user, ...saved });
      setEditing(false);
    },
  });
  const saving = save.isPending;
  const notice: { status: 'success' | 'error'; text: string } | null = save.isSuccess
    ? { status: 'success', text: save.data.message ?? 'Profile updated successfully' }
    : save.isError
      ? {
          status: 'error',
          text: isApiError(save.error) && save.error.status < 500 && save.error.serverMessage ? save.error.serverMessage : PROFILE_SAVE_FAILED,
        }
      : null;

  // Fresh statistics on each visit.
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  useEffect(() => {
    if (!editing) reset(profileFormOf(user));
  }, [user, editing, reset]);

  /** The phone fields keep their 10 digits (a pasted +91 or 0 dropped), as onboarding's does. */
  const phone = (name: 'phoneNumber' | 'emergencyContact'): UseFormRegisterReturn => {
    const field = register(name);
    return {
      ...field,
      onChange: (e) => {
        e.target.value = phoneDigits(e.target.value);
        return field.onChange(e);
      },
    };
  };

  const onEdit = () => {
    save.reset();
    reset(profileFormOf(user));
    setEditing(true);
  };

  const onCancel = () => {
    reset(profileFormOf(user));
    setEditing(false);
    save.reset();
  };

  const onSave = form.handleSubmit((values) => {
    const changes = profileChanges(profileFormOf(user), values);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    save.mutate(changes);
  });

  const shown = (v: string | null | undefined) => (v && v.trim() ? v : 'Not set');
  const details: { label: string; value: string }[] = [
    { label: 'Full name', value: shown(user?.fullName) },
    { label: 'Email', value: shown(user?.email) },
    { label: 'Phone number', value: shown(user?.phoneNumber) },
    { label: 'Date of birth', value: user?.dateOfBirth ? formatISTDate(user.dateOfBirth) : 'Not set' },
    { label: 'Gender', value: shown(user?.gender) },
    { label: 'City', value: shown(user?.city) },
    { label: 'Occupation', value: shown(occupationLabel(user?.occupation)) },
    { label: 'Institution / company', value: shown(user?.institutionName) },
    { label: 'Preferred wake-up time', value: user?.preferredWakeUpTime ? formatWakeUpTime(user.preferredWakeUpTime) : 'Not set' },
    { label: 'Emergency contact', value: shown(user?.emergencyContact) },
  ];

  const stats = [
    { label: 'Wallet balance', value: balance.isPending ? '…' : formatINR(balance.data) },
    { label: 'Current streak', value: `${user?.currentStreak ?? 0} days` },
    { label: 'Longest streak', value: `${user?.longestStreak ?? 0} days` },
    { label: 'Total challenges', value: String(user?.totalChallenges ?? 0) },
    { label: 'Successful wake-ups', value: String(user?.totalSuccessfulWakeUps ?? 0) },
    { label: 'Success rate', value: formatPercent(user?.successRate) },
    { label: 'Total earnings', value: formatINR(user?.totalEarnings) },
    { label: 'Total losses', value: formatINR(user?.totalLosses) },
  ];

  return (
    <Container maxW="4xl" py={{ base: 8, md: 12 }}>
      <Stack gap={6}>
        <Flex justify="space-between" align="center" gap={4} wrap="wrap">
          <Box>
            <Heading as="h1" size="2xl">
              My Profile
            </Heading>
            <HStack mt={2} gap={2}>
              <Badge colorPalette={user?.isEmailVerified ? 'green' : 'orange'} variant="surface">
                {user?.isEmailVerified ? 'Email verified' : 'Email not verified'}
              </Badge>
            </HStack>
          </Box>
          {editing ? (
            <HStack gap={2}>
              <Button variant="outline" onClick={onCancel} disabled={saving}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={() => void onSave()} loading={saving} loadingText="Saving…">
                Save
              </Button>
            </HStack>
          ) : (
            <Button colorPalette="brand" onClick={onEdit}>
              Edit
            </Button>
          )}
        </Flex>

        {notice ? <FormAlert status={notice.status}>{notice.text}</FormAlert> : null}

        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h2" size="lg">
              Personal details
            </Heading>
          </Card.Header>
          <Card.Body>
            {editing ? (
              <FormStack onSubmit={onSave} noValidate aria-label="Edit profile">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
                  <FormField label="Full name" required>
                    <Input autoComplete="name" {...register('fullName')} />
                  </FormField>
                  <Field.Root>
                    <Field.Label>Email</Field.Label>
                    <Input value={user?.email ?? ''} readOnly />
                    <Field.HelperText>Your sign-in email cannot be changed here.</Field.HelperText>
                  </Field.Root>
                  <FormField label="Phone number" required>
                    <InputGroup startAddon="+91">
                      <Input type="tel" inputMode="numeric" {...phone('phoneNumber')} />
                    </InputGroup>
                  </FormField>
                  <AboutYouFields register={register} optional={['dateOfBirth', 'gender']} genders={GENDERS} occupations={OCCUPATIONS} />
                  <FormField label="Institution / company">
                    <Input {...register('institutionName')} />
                  </FormField>
                  <FormField label="Preferred wake-up time">
                    <Input type="time" {...register('preferredWakeUpTime')} />
                  </FormField>
                  <FormField label="Emergency contact">
                    <InputGroup startAddon="+91">
                      <Input type="tel" inputMode="numeric" {...phone('emergencyContact')} />
                    </InputGroup>
                  </FormField>
                </SimpleGrid>
              </FormStack>
            ) : (
              // On a phone the label sits above its value, and a long email wraps instead of overflowing.
              <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} gap={3}>
                {details.map((d) => (
                  <DataList.Item key={d.label} minW={0}>
                    <DataList.ItemLabel minW={{ base: 0, md: '48' }}>{d.label}</DataList.ItemLabel>
                    <DataList.ItemValue minW={0} overflowWrap="anywhere" data-testid={d.label === 'Email' ? 'profile-email' : undefined}>
                      {d.value}
                    </DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            )}
          </Card.Body>
        </Card.Root>

        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h2" size="lg">
              Statistics
            </Heading>
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={{ base: 2, md: 4 }} gap={4}>
              {stats.map((s) => (
                <Stat key={s.label} label={s.label} value={s.value} />
              ))}
            </SimpleGrid>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
