import { Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { newInvite, type GroupPage } from '../api/groups-api';
import { useGroupsMutation } from '../hooks/use-groups';
import { inviteLinkOf, problemText } from '../utils/outcomes';

/** The group's invite link to copy and send; the owner can replace it (the old link stops working). */
export function InvitePanel({ group }: { group: GroupPage }) {
  const headingId = useId();
  const inputId = useId();
  const link = inviteLinkOf(window.location.origin, group.inviteToken);
  const [copied, setCopied] = useState(false);
  const regenerate = useGroupsMutation(
    () => newInvite(group.id),
    () => {
      setCopied(false);
      toaster.create({ status: 'success', title: 'New invite link made', description: 'The old link no longer works.' });
    },
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the text so it can be copied by hand.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      toaster.create({ status: 'info', title: 'Copy the selected link' });
    }
  };
  const full = group.memberCount >= group.limits.membersPerGroup;
  return (
    <Stack as="section" aria-labelledby={headingId} gap={2}>
      <Heading as="h2" size="lg" id={headingId}>
        Invite friends
      </Heading>
      <Field.Root>
        <Field.Label htmlFor={inputId}>Invite link</Field.Label>
        <Input id={inputId} value={link} readOnly onFocus={(e) => e.currentTarget.select()} fontSize="sm" data-testid="invite-link" />
        <Field.HelperText>
          Anyone with this link can join ({group.memberCount} of {group.limits.membersPerGroup} members{full ? ': full' : ''}).
        </Field.HelperText>
      </Field.Root>
      <HStack gap={2} wrap="wrap">
        <Button size="sm" colorPalette="brand" onClick={() => void copy()}>
          Copy invite link
        </Button>
        {group.isOwner ? (
          <Button size="sm" variant="outline" loading={regenerate.isPending} onClick={() => regenerate.mutate(undefined)}>
            New link
          </Button>
        ) : null}
      </HStack>
      <Text role="status" fontSize="sm" color="fg.muted" minH="1.25em">
        {copied ? 'Invite link copied' : ''}
      </Text>
      {regenerate.isError ? (
        <Text fontSize="sm" color="red.fg" role="alert">
          {problemText(regenerate.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
