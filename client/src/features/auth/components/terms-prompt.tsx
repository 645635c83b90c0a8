import { Alert, Box, Button, Container, Link, Wrap } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { acceptTermsRequest } from '@/lib/auth/auth-api';
import { meKey } from '@/lib/auth/me-query';
import { useAuth } from '@/lib/auth/use-auth';
import { screenMessage } from '@/lib/messages';

export const termsPromptMessages = {
  updated: 'We have updated our Terms of use and Privacy policy.',
  first: 'Please accept our Terms of use and Privacy policy.',
  failed: 'Could not record your acceptance. Please try again.',
} as const;

/** Shown to a signed-in person whose accepted terms are not the version in force (or who never accepted any). */
export function TermsPrompt() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const acceptTerms = useMutation({ mutationFn: acceptTermsRequest });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user?.mustAcceptTerms || !user.currentTermsVersion) return null;
  const version = user.currentTermsVersion;

  const accept = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await acceptTerms.mutateAsync(version);
      queryClient.setQueryData(meKey, { ...user, ...saved });
    } catch (e) {
      setError(screenMessage(e, termsPromptMessages.failed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container maxW="6xl" pt={4}>
      <Alert.Root status="info" as="section" aria-label="Terms to accept" role="region">
        <Alert.Indicator />
        <Alert.Content gap={2}>
          <Alert.Title>{user.termsVersion ? termsPromptMessages.updated : termsPromptMessages.first}</Alert.Title>
          <Alert.Description>
            Version {version}: read the{' '}
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to={paths.terms}>Terms of use</RouterLink>
            </Link>{' '}
            and the{' '}
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to={paths.privacy}>Privacy policy</RouterLink>
            </Link>
            , then accept them to keep using WakeStake. By accepting you confirm you are 18 or older.
            {error ? (
              <Box as="span" display="block" color="fg.error" role="alert" mt={1}>
                {error}
              </Box>
            ) : null}
          </Alert.Description>
          <Wrap>
            <Button size="sm" colorPalette="brand" loading={saving} loadingText="Saving…" onClick={() => void accept()}>
              Accept the terms
            </Button>
          </Wrap>
        </Alert.Content>
      </Alert.Root>
    </Container>
  );
}
