import { Box, Container, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Page frame: header (banner), main, footer (contentinfo). */
export function MainLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh" bg="bg">
      {header}
      <Box as="main" id="main" flex="1" w="full">
        {children}
      </Box>
      <Box as="footer" borderTopWidth="1px" borderColor="border" py={6} mt={8}>
        <Container maxW="6xl">
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            © {new Date().getFullYear()} WakeStake · Amounts in Indian rupees (₹) · Times in IST
          </Text>
        </Container>
      </Box>
    </Flex>
  );
}
