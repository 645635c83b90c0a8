import { Badge, Box, Button, Card, Container, DataList, Field, Flex, Heading, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert, GENDERS, OCCUPATIONS, occupationLabel, updateProfileRequest, useAuth, type ProfileUpdate, FormStack } from '@/features/auth';
import { isApiError } from '@/lib/api-client';
import { formatINR, formatISTDate, formatWakeUpTime } from '@/lib/format';
import type { User } from '@/types/api';

export const PROFILE_SAVE_FAILED = 'Failed to save profile. Please try again.';

interface Draft {
  fullName: string;
  phoneNumber: string;
  dateOfBirth: string;
  gender: string;
  city: string;
  occupation: string;
  institutionName: string;
  preferredWakeUpTime: string;
  emergencyContact: string;
}

/** +91XXXXXXXXXX shown and edited as the 10 digits. */
const tenDigits = (v: string | null | undefined) => {
  const d = (v ?? '').replace(/\D/g, '');
  return (d.length > 10 && d.startsWith('91') ? d.slice(-10) : d).slice(0, 10);
};
const withPrefix = (digits: string) => (/^[6-9]\d{9}$/.test(digits) ? `+91${digits}` : digits);

function draftOf(user: User | null): Draft {
  return {
    fullName: user?.fullName ?? '',
    phoneNumber: tenDigits(user?.phoneNumber),
    dateOfBirth: user?.dateOfBirth ?? '',
    gender: user?.gender ?? '',
    city: user?.city ?? '',
    occupation: user?.occupation ?? '',
    institutionName: user?.institutionName ?? '',
    preferredWakeUpTime: user?.preferredWakeUpTime ?? '',
    emergencyContact: tenDigits(user?.emergencyContact),
  };
}

/** Only what changed goes to PUT /auth/profile; optional texts cleared become null. */
export function profileChanges(before: Draft, after: Draft): ProfileUpdate {
  const update: ProfileUpdate = {};
  if (after.fullName.trim() !== before.fullName) update.fullName = after.fullName.trim();
  if (after.phoneNumber !== before.phoneNumber) update.phoneNumber = withPrefix(after.phoneNumber);
  if (after.dateOfBirth !== before.dateOfBirth) update.dateOfBirth = after.dateOfBirth;
  if (after.gender !== before.gender) update.gender = after.gender;
  if (after.city.trim() !== before.city) update.city = after.city.trim();
  if (after.occupation !== before.occupation) update.occupation = after.occupation;
  if (after.institutionName.trim() !== before.institutionName) update.institutionName = after.institutionName.trim() || null;
  if (after.preferredWakeUpTime !== before.preferredWakeUpTime) update.preferredWakeUpTime = after.preferredWakeUpTime || null;
  if (after.emergencyContact !== before.emergencyContact) update.emergencyContact = after.emergencyContact ? withPrefix(after.emergencyContact) : null;
  return update;
}

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
  const { user, setUser, refreshUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const save = useMutation({
    mutationFn: updateProfileRequest,
    onSuccess: ({ user: saved }) => {
      setUser({ ...user, ...saved });
      setEditing(false);
    },
  });
  const saving = save.isPending;
  const notice: { status: 'success' | 'error'; text: string } | null = save.isSuccess
    ? { status: 'success', text: save.data.message ?? 'Profile updated successfully' }
    : save.isError
      ? { status: 'error', text: isApiError(save.error) && save.error.status < 500 && save.error.serverMessage ? save.error.serverMessage : PROFILE_SAVE_FAILED }
      : null;

  // Fresh statistics on each visit.
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  useEffect(() => {
    if (!editing) setDraft(draftOf(user));
  }, [user, editing]);

  const set = (name: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = name === 'phoneNumber' || name === 'emergencyContact' ? e.target.value.replace(/\D/g, '').slice(0, 10) : e.target.value;
    setDraft((d) => ({ ...d, [name]: value }));
  };

  const onEdit = () => {
    save.reset();
    setDraft(draftOf(user));
    setEditing(true);
  };

  const onCancel = () => {
    setDraft(draftOf(user));
    setEditing(false);
    save.reset();
  };

  const onSave = (event?: FormEvent) => {
    event?.preventDefault();
    const changes = profileChanges(draftOf(user), draft);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    save.mutate(changes);
  };

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
    { label: 'Wallet balance', value: formatINR(user?.balance) },
    { label: 'Current streak', value: `${user?.currentStreak ?? 0} days` },
    { label: 'Longest streak', value: `${user?.longestStreak ?? 0} days` },
    { label: 'Total challenges', value: String(user?.totalChallenges ?? 0) },
    { label: 'Successful wake-ups', value: String(user?.totalSuccessfulWakeUps ?? 0) },
    { label: 'Success rate', value: `${Math.round(user?.successRate ?? 0)}%` },
    { label: 'Total earnings', value: formatINR(user?.totalEarnings) },
    { label: 'Total losses', value: formatINR(user?.totalLosses) },
  ];

  const today = new Date().toISOString().slice(0, 10);

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
              <Button colorPalette="brand" onClick={() => onSave()} loading={saving} loadingText="Saving…">
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
                  <Field.Root required>
                    <Field.Label>
                      Full name <Field.RequiredIndicator />
                    </Field.Label>
                    <Input autoComplete="name" value={draft.fullName} onChange={set('fullName')} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Email</Field.Label>
                    <Input value={user?.email ?? ''} readOnly />
                    <Field.HelperText>Your sign-in email cannot be changed here.</Field.HelperText>
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>
                      Phone number <Field.RequiredIndicator />
                    </Field.Label>
                    <InputGroup startAddon="+91">
                      <Input type="tel" inputMode="numeric" value={draft.phoneNumber} onChange={set('phoneNumber')} />
                    </InputGroup>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Date of birth</Field.Label>
                    <Input type="date" max={today} value={draft.dateOfBirth} onChange={set('dateOfBirth')} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Gender</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field placeholder="Select gender" value={draft.gender} onChange={set('gender')}>
                        {GENDERS.map((g) => (
                          <option key={g} value={g}>
                            {g}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>
                      City <Field.RequiredIndicator />
                    </Field.Label>
                    <Input autoComplete="address-level2" value={draft.city} onChange={set('city')} />
                  </Field.Root>
                  <Field.Root required>
                    <Field.Label>
                      Occupation <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field placeholder="Select occupation" value={draft.occupation} onChange={set('occupation')}>
                        {OCCUPATIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Institution / company</Field.Label>
                    <Input value={draft.institutionName} onChange={set('institutionName')} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Preferred wake-up time</Field.Label>
                    <Input type="time" value={draft.preferredWakeUpTime} onChange={set('preferredWakeUpTime')} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Emergency contact</Field.Label>
                    <InputGroup startAddon="+91">
                      <Input type="tel" inputMode="numeric" value={draft.emergencyContact} onChange={set('emergencyContact')} />
                    </InputGroup>
                  </Field.Root>
                </SimpleGrid>
              </FormStack>
            ) : (
              // Issue #20: on a phone the label sits above its value, and a long email wraps instead of overflowing.
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
