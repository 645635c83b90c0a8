import { Alert, Button, Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { joinGroup } from '../api/groups-api';
import { problemText } from '../utils/outcomes';
import { useGroupsMutation, useInvitePreview } from '../hooks/use-groups';
import { groupPath } from '../utils/links';

/** /join/:token: the invite link's page (signed in; a signed-out visitor logs in or registers and comes back here). */
export function JoinPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const preview = useInvitePreview(token);
  const join = useGroupsMutation(
    () => joinGroup(token),
    (r) => {
      toaster.create({ status: 'success', title: r.alreadyMember ? `You are already in ${r.name}` : `You joined ${r.name}` });
      navigate(groupPath(r.groupId), { replace: true });
    },
  );
  const p = preview.data;
  return (
    <Container maxW="md" py={{ base: 6, md: 10 }} px={{ base: 3, md: 6 }}>
      <title>Join a group · WakeStake</title>
      <Card.Root>
        <Card.Body>
          <Stack gap={4}>
            {preview.isError ? (
              <>
                <Heading as="h1" size="xl">
                  Invite link not valid
                </Heading>
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title fontWeight="normal">{problemText(preview.error)}</Alert.Title>
                </Alert.Root>
              </>
            ) : !p ? (
              <Heading as="h1" size="xl">
                Opening the invite…
              </Heading>
            ) : (
              <>
                <Heading as="h1" size="xl">
                  Join {p.name}
                </Heading>
                <Text>
                  {p.memberCount} {p.memberCount === 1 ? 'member' : 'members'}. Members see each other&apos;s mornings (made it or missed, never amounts) and a
                  weekly board.
                </Text>
                {p.isMember ? (
                  <Text>You are already in this group.</Text>
                ) : p.full ? (
                  <Text>This group is full.</Text>
                ) : (
                  <Button colorPalette="brand" loading={join.isPending} loadingText="Joining…" onClick={() => join.mutate(undefined)}>
                    Join group
                  </Button>
                )}
                {p.isMember ? (
                  <Link asChild color="brand.fg">
                    <RouterLink to={groupPath(p.groupId)}>Open the group</RouterLink>
                  </Link>
                ) : null}
                {join.isError ? (
                  <Text color="red.fg" role="alert">
                    {problemText(join.error)}
                  </Text>
                ) : null}
              </>
            )}
            <Link asChild fontSize="sm" color="brand.fg">
              <RouterLink to={paths.groups}>Your groups</RouterLink>
            </Link>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
