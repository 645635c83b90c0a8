import { Box, Card, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The frame of the sign-in screens: a centred card with the page's one h1. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Container maxW="md" py={{ base: 8, md: 14 }}>
      <Card.Root variant="outline">
        <Card.Body gap={5}>
          <Box>
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {subtitle ? (
              <Text mt={2} color="fg.muted">
                {subtitle}
              </Text>
            ) : null}
          </Box>
          {children}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
