import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { revealApp } from './first-screen';

/** Shown when a screen throws or its chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  useLayoutEffect(revealApp, []);
  return (
    <Container as="main" maxW="2xl" py={16}>
      <VStack gap={4} textAlign="center">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">{detail ?? 'Please reload the page to try again.'}</Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </VStack>
    </Container>
  );
}
