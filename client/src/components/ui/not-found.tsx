import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

export function NotFound() {
  return (
    <Container maxW="2xl" py={{ base: 12, md: 20 }}>
      <VStack gap={4} textAlign="center">
        <Text fontSize="5xl" fontWeight="bold" color="brand.fg" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.home}>Go home</RouterLink>
        </Button>
      </VStack>
    </Container>
  );
}
