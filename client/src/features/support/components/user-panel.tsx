import { Box, Button, Field, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { formatISTDateTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { supportKeys } from '../api/query-keys';
import { findUsers, getUserLedger, getUserPage, type SupportUser } from '../api/support-api';
import { challengeStories } from '../ledger-story';
import { ChallengeStoryCard } from './challenge-story-card';
import { ErrorAlert, SupportTable } from './panel-parts';
import { UserAccessLog } from './user-access-log';
import { UserChallenges } from './user-challenges';
import { UserLedger } from './user-ledger';
import { UserProfileCard } from './user-profile-card';

/** Find a user by email, name, phone or id; then their profile, balance and ledger. */
export function UserPanel() {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [selected, setSelected] = useState<SupportUser | null>(null);
  const results = useQuery({ queryKey: supportKeys.users(search), queryFn: () => findUsers(search), enabled: search.length >= 2 });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const q = input.trim();
    if (q.length < 2) {
      setSearchError('Enter at least 2 characters');
      return;
    }
    setSearchError(null);
    setSelected(null);
    setSearch(q);
  };

  return (
    <Stack gap={5} pt={4}>
      <Heading as="h2" size="lg">
        Find a user
      </Heading>
      <form onSubmit={onSearch} noValidate>
        <HStack align="end" gap={3} wrap="wrap">
          <Field.Root invalid={!!searchError} maxW="md" flex="1">
            <Field.Label>Email, name, phone or user id</Field.Label>
            <Input name="search" value={input} onChange={(e) => setInput(e.target.value)} autoComplete="off" />
            {searchError ? <Field.ErrorText>{searchError}</Field.ErrorText> : null}
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={results.isFetching}>
            Search
          </Button>
        </HStack>
      </form>

      {results.isError ? <ErrorAlert error={results.error} fallback="Search failed" /> : null}
      {results.data && results.data.length === 0 ? <Text color="fg.muted">No users match “{search}”.</Text> : null}
      {results.data && results.data.length > 0 && !selected ? (
        <SupportTable
          caption={`${results.data.length} result${results.data.length === 1 ? '' : 's'}`}
          columns={['Name', 'Email', 'Phone', 'Balance', 'Joined']}
          actions
        >
          {results.data.map((u) => (
            <Table.Row key={u.id}>
              <Table.Cell>{u.fullName || '—'}</Table.Cell>
              <Table.Cell>{u.email}</Table.Cell>
              <Table.Cell>{u.phoneNumber || '—'}</Table.Cell>
              <Table.Cell>{formatINR(u.balance ?? 0)}</Table.Cell>
              <Table.Cell>{u.createdAt ? formatISTDateTime(u.createdAt) : '—'}</Table.Cell>
              <Table.Cell>
                <Button size="xs" variant="outline" onClick={() => setSelected(u)} aria-label={`Open ${u.email}`}>
                  Open
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </SupportTable>
      ) : null}

      {selected ? (
        <Stack gap={4}>
          <Box>
            <Button size="sm" variant="ghost" onClick={() => setSelected(null)}>
              ← Back to results
            </Button>
          </Box>
          <UserDetail user={selected} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** One user's page: who they are, their challenges, the story of one, their wallet's ledger and who looked them up. */
function UserDetail({ user }: { user: SupportUser }) {
  const pageQuery = useQuery({ queryKey: supportKeys.user(user.id), queryFn: () => getUserPage(user.id), retry: false });
  const ledger = useQuery({ queryKey: supportKeys.ledger(user.id), queryFn: () => getUserLedger(user.id) });
  const stories = useMemo(() => challengeStories(ledger.data?.entries ?? []), [ledger.data]);
  const [storyId, setStoryId] = useState<string | null>(null);
  const page = pageQuery.data;

  return (
    <Stack gap={5} data-testid="support-user">
      <UserProfileCard
        profile={page?.user ?? user}
        balance={page?.balance ?? ledger.data?.balance ?? user.balance ?? 0}
        stats={page?.stats}
        error={pageQuery.isError ? pageQuery.error : null}
      />
      {page ? <UserChallenges challenges={page.challenges} onStory={setStoryId} /> : null}
      {storyId ? <ChallengeStoryCard challengeId={storyId} fallback={stories.get(storyId)} onClose={() => setStoryId(null)} /> : null}
      <UserLedger ledger={ledger} stories={stories} onStory={setStoryId} />
      {page ? <UserAccessLog records={page.accessLog} /> : null}
    </Stack>
  );
}
