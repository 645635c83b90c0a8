import { Badge, Button, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { leaveGroup, removeMember, setReferee, type GroupPage } from '../api/groups-api';
import { problemText } from '../utils/outcomes';
import { useGroupsMutation } from '../hooks/use-groups';

const NO_REFEREE = '';

/** Members (the owner may remove one), my referee from this group, and leaving the group. */
export function MembersPanel({ group }: { group: GroupPage }) {
  const headingId = useId();
  const selectId = useId();
  const navigate = useNavigate();
  const others = group.members.filter((m) => !m.isMe);
  const current = group.myReferee?.inThisGroup ? group.myReferee.userId : NO_REFEREE;
  const [choice, setChoice] = useState<string | null>(null);
  const picked = choice ?? current;
  const referee = useGroupsMutation(
    (userId: string | null) => setReferee(group.id, userId),
    (r) => {
      setChoice(null);
      toaster.create({ status: 'success', title: r.referee ? `${r.referee.name} is now your referee` : 'You have no referee' });
    },
  );
  const remove = useGroupsMutation(
    (userId: string) => removeMember(group.id, userId),
    () => toaster.create({ status: 'success', title: 'Member removed' }),
  );
  const leave = useGroupsMutation(
    () => leaveGroup(group.id),
    () => {
      toaster.create({ status: 'success', title: `You left ${group.name}` });
      navigate(paths.groups);
    },
  );
  const problem = [referee, remove, leave].find((m) => m.isError)?.error;

  return (
    <Stack as="section" aria-labelledby={headingId} gap={3}>
      <Heading as="h2" size="lg" id={headingId}>
        Members
      </Heading>
      <Stack as="ul" listStyleType="none" m={0} p={0} gap={2}>
        {group.members.map((m) => (
          <HStack as="li" key={m.userId} justify="space-between" gap={2} wrap="wrap">
            <HStack gap={2}>
              <Text fontWeight="medium">
                {m.name}
                {m.isMe ? ' (you)' : ''}
              </Text>
              {m.isOwner ? (
                <Badge colorPalette="brand" variant="subtle">
                  Owner
                </Badge>
              ) : null}
            </HStack>
            {group.isOwner && !m.isMe ? (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                loading={remove.isPending && remove.variables === m.userId}
                onClick={() => remove.mutate(m.userId)}
                aria-label={`Remove ${m.name}`}
              >
                Remove
              </Button>
            ) : null}
          </HStack>
        ))}
      </Stack>

      {others.length ? (
        <Stack gap={2}>
          <Field.Root>
            <Field.Label htmlFor={selectId}>My referee</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field id={selectId} value={picked} onChange={(e) => setChoice(e.currentTarget.value)}>
                <option value={NO_REFEREE}>{group.myReferee && !group.myReferee.inThisGroup ? `${group.myReferee.name} (another group)` : 'No referee'}</option>
                {others.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>Your referee confirms or rejects a photo check-in when you ask. It does not change your money.</Field.HelperText>
          </Field.Root>
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            disabled={picked === current}
            loading={referee.isPending}
            onClick={() => referee.mutate(picked === NO_REFEREE ? null : picked)}
          >
            Save referee
          </Button>
        </Stack>
      ) : null}

      <Button size="sm" variant="ghost" colorPalette="red" alignSelf="flex-start" loading={leave.isPending} onClick={() => leave.mutate(undefined)}>
        Leave group
      </Button>
      {problem ? (
        <Text fontSize="sm" color="red.fg" role="alert">
          {problemText(problem)}
        </Text>
      ) : null}
    </Stack>
  );
}
