import { Center, Spinner } from '@chakra-ui/react';

/**
 * Full-area spinner for route guards and lazy screens. It fills the viewport below the navbar, so the footer stays below
 * the fold until the screen arrives rather than showing and then jumping down (a layout shift).
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center minH="calc(100dvh - 4rem)" role="status" aria-live="polite" data-testid="page-spinner">
      <Spinner size="xl" color="brand.fg" borderWidth="3px" aria-hidden="true" />
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{label}…</span>
    </Center>
  );
}
