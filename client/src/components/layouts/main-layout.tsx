import { Box, Container, Flex, Link, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

const FOOTER_LINKS = [
  { to: paths.help, label: 'How it works' },
  { to: paths.terms, label: 'Terms of use' },
  { to: paths.privacy, label: 'Privacy policy' },
  { to: paths.refunds, label: 'Refunds' },
  { to: paths.grievance, label: 'Grievances' },
] as const;

/** Page frame: header (banner), main, footer (contentinfo). */
export function MainLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg">
      {/* The first stop of the Tab key: past the navbar to the screen's content (hidden until focused). */}
      <Link
        href="#main"
        position="absolute"
        left="-10000px"
        top="2"
        zIndex="skipLink"
        px="4"
        py="2"
        bg="bg"
        color="brand.fg"
        fontWeight="medium"
        borderWidth="1px"
        borderColor="brand.border"
        rounded="md"
        _focusVisible={{ left: '2' }}
      >
        Skip to main content
      </Link>
      {header}
      <Box as="main" id="main" flex="1" w="full" tabIndex={-1} outline="none">
        {children}
      </Box>
      <Box as="footer" borderTopWidth="1px" borderColor="border" py={6} mt={8}>
        <Container maxW="6xl">
          <Wrap as="nav" aria-label="Legal and help" justify="center" gap={4} mb={3}>
            {FOOTER_LINKS.map((l) => (
              <Link key={l.to} asChild fontSize="sm" color="fg.muted">
                <RouterLink to={l.to}>{l.label}</RouterLink>
              </Link>
            ))}
          </Wrap>
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            © {new Date().getFullYear()} WakeStake · Amounts in Indian rupees (₹) · Times in IST
          </Text>
        </Container>
      </Box>
    </Flex>
  );
}
