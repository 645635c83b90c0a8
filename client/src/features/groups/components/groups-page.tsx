import { Badge, Button, Card, Container, Field, Heading, HStack, Input, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LoadFailed } from '@/components/ui/load-failed';
import { toaster } from '@/components/ui/toaster';
import { createGroup } from '../api/groups-api';
import { problemText } from '../utils/outcomes';
import { useGroups, useGroupsMutation } from '../hooks/use-groups';
import { groupPath } from '../utils/links';
import { RefereeCard } from './referee-card';

export const NAME_MAX = 40;

/** /groups: my groups, a form to start one, and what my referee (or I as one) has to look at. */
export function GroupsPage() {
  const groups = useGroups();
  const navigate = useNavigate();
  const nameId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useGroupsMutation(createGroup, (g) => {
    toaster.create({ status: 'success', title: `Group ${g.name} created`, description: 'Copy the invite link and send it to your friends.' });
    navigate(groupPath(g.id));
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setProblem('Give your group a name');
    if (trimmed.length > NAME_MAX) return setProblem(`At most ${NAME_MAX} characters`);
    setProblem(null);
    create.mutate(trimmed);
  };
  const shownProblem = problem ?? (create.isError ? problemText(create.error) : null);

  return (
    <Container maxW="3xl" py={{ base: 6, md: 10 }} px={{ base: 3, md: 6 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Groups
          </Heading>
          <Text color="fg.muted">Wake up with friends: see each other&apos;s mornings (made it or missed, never amounts) and a weekly board.</Text>
        </Stack>

        <Card.Root>
          <Card.Body>
            <Stack asChild gap={3}>
              <form onSubmit={onSubmit} noValidate aria-label="Start a group">
                <Field.Root invalid={!!shownProblem}>
                  <Field.Label htmlFor={nameId}>Group name</Field.Label>
                  <Input
                    id={nameId}
                    value={name}
                    maxLength={NAME_MAX + 10}
                    onChange={(e) => setName(e.currentTarget.value)}
                    placeholder="Early birds"
                    autoComplete="off"
                  />
                  {shownProblem ? (
                    <Field.ErrorText>{shownProblem}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>Up to {NAME_MAX} characters. You can invite friends next.</Field.HelperText>
                  )}
                </Field.Root>
                <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending} loadingText="Creating…">
                  Create group
                </Button>
              </form>
            </Stack>
          </Card.Body>
        </Card.Root>

        <Stack gap={3} as="section" aria-labelledby={`${nameId}-mine`}>
          <Heading as="h2" size="lg" id={`${nameId}-mine`}>
            Your groups
          </Heading>
          {groups.isError && !groups.data ? (
            <LoadFailed message="We couldn't load your groups." onRetry={() => groups.refetch()} retrying={groups.isFetching} />
          ) : !groups.data ? (
            <Skeleton h="80px" aria-busy="true" aria-label="Loading your groups" />
          ) : groups.data.groups.length === 0 ? (
            <Text color="fg.muted">You are not in a group yet. Start one above, or open an invite link a friend sent you.</Text>
          ) : (
            <Stack as="ul" listStyleType="none" m={0} p={0} gap={2}>
              {groups.data.groups.map((g) => (
                <Card.Root as="li" key={g.id} size="sm">
                  <Card.Body>
                    <HStack justify="space-between" gap={2} wrap="wrap">
                      <Link asChild fontWeight="semibold" color="brand.fg">
                        <RouterLink to={groupPath(g.id)}>{g.name}</RouterLink>
                      </Link>
                      <HStack gap={2}>
                        {g.isOwner ? (
                          <Badge colorPalette="brand" variant="subtle">
                            Owner
                          </Badge>
                        ) : null}
                        <Text fontSize="sm" color="fg.muted">
                          {g.memberCount} {g.memberCount === 1 ? 'member' : 'members'}
                        </Text>
                      </HStack>
                    </HStack>
                  </Card.Body>
                </Card.Root>
              ))}
            </Stack>
          )}
          {groups.data ? (
            <Text fontSize="sm" color="fg.muted">
              Up to {groups.data.limits.groupsPerUser} groups each, {groups.data.limits.membersPerGroup} members a group.
            </Text>
          ) : null}
        </Stack>

        <RefereeCard />
      </Stack>
    </Container>
  );
}
