import { Card, Container, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadFailed } from '@/components/ui/load-failed';
import { NotFound } from '@/components/ui/not-found';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useGroup } from '../hooks/use-groups';
import { InvitePanel } from './invite-panel';
import { MembersPanel } from './members-panel';
import { WeekTable } from './week-table';
import { WeeklyBoard } from './weekly-board';

/** /groups/:id: the board, everyone's week, the invite link, members and my referee. */
export function GroupPage() {
  const { id = '' } = useParams();
  const group = useGroup(id);
  if (group.isError && isApiError(group.error) && group.error.status === 404) return <NotFound />;
  return (
    <Container maxW="3xl" py={{ base: 6, md: 10 }} px={{ base: 3, md: 6 }}>
      <Stack gap={6}>
        <Link asChild fontSize="sm" color="brand.fg" alignSelf="flex-start">
          <RouterLink to={paths.groups}>← All groups</RouterLink>
        </Link>
        {group.isError && !group.data ? (
          <LoadFailed message="We couldn't load this group." onRetry={() => group.refetch()} retrying={group.isFetching} />
        ) : !group.data ? (
          <Stack gap={4} aria-busy="true" aria-label="Loading the group">
            <Skeleton h="40px" />
            <Skeleton h="200px" />
          </Stack>
        ) : (
          <>
            <title>{`${group.data.name} · WakeStake`}</title>
            <Stack gap={1}>
              <Heading as="h1" size="2xl">
                {group.data.name}
              </Heading>
              <Text color="fg.muted">
                {group.data.memberCount} {group.data.memberCount === 1 ? 'member' : 'members'}. Friends see made it or missed, never amounts.
              </Text>
            </Stack>
            <Card.Root>
              <Card.Body>
                <WeeklyBoard group={group.data} />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Body>
                <WeekTable group={group.data} />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Body>
                <InvitePanel group={group.data} />
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Body>
                <MembersPanel group={group.data} />
              </Card.Body>
            </Card.Root>
          </>
        )}
      </Stack>
    </Container>
  );
}
