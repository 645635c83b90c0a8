import { Container, Heading, Link, List, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/config';
import { formatISTDate } from '@/lib/format';

export const LEGAL_LINKS = [
  { to: paths.help, label: 'How it works' },
  { to: paths.terms, label: 'Terms of use' },
  { to: paths.privacy, label: 'Privacy policy' },
  { to: paths.refunds, label: 'Refunds and cancellation' },
  { to: paths.grievance, label: 'Grievances' },
] as const;

/** A public text page: its own document title, the terms version where it is part of the terms, links to the others. */
export function LegalPage({ title, lead, versioned = true, children }: { title: string; lead?: ReactNode; versioned?: boolean; children: ReactNode }) {
  const version = useAppConfig().data?.termsVersion;
  return (
    <Container maxW="3xl" py={{ base: 8, md: 12 }}>
      <title>{`${title} · WakeStake`}</title>
      <Stack as="article" gap={6}>
        <Stack gap={2}>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {versioned && version ? (
            <Text fontSize="sm" color="fg.muted">
              Version {version}, in force from {formatISTDate(version)}
            </Text>
          ) : null}
          {lead ? <Text color="fg.muted">{lead}</Text> : null}
        </Stack>
        {children}
        <Wrap as="nav" aria-label="Other legal and help pages" gap={4} pt={4} borderTopWidth="1px" borderColor="border">
          {LEGAL_LINKS.filter((l) => l.label !== title).map((l) => (
            <Link key={l.to} asChild color="brand.fg" fontSize="sm">
              <RouterLink to={l.to}>{l.label}</RouterLink>
            </Link>
          ))}
        </Wrap>
      </Stack>
    </Container>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Stack as="section" gap={3} id={id} scrollMarginTop="20">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <Text lineHeight="tall">{children}</Text>;
}

export function Points({ items }: { items: ReactNode[] }) {
  return (
    <List.Root ps={5} gap={2} lineHeight="tall">
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/**
 * In place of a text that states the server's rules (GET /config) while they have not arrived: the shape of
 * the text and no number, so nothing is shown that the server's figures would then contradict.
 */
export function RulesPending({ lines = 2 }: { lines?: number }) {
  const config = useAppConfig();
  // an answer without rules (an older server) or none at all: say so rather than wait forever
  if (config.isError || config.data) return <P>The current figures could not be loaded. Please reload the page to see them.</P>;
  return <LinesSkeleton label="Loading the current rules…" lines={lines} height="5" testId="rules-pending" />;
}
