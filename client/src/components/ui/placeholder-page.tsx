import { Container, Heading, Text } from '@chakra-ui/react';

/** Stand-in for a screen another engineer has not built yet. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  return (
    <Container maxW="4xl" py={{ base: 8, md: 12 }}>
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {description ? (
        <Text mt={3} color="fg.muted">
          {description}
        </Text>
      ) : null}
    </Container>
  );
}
