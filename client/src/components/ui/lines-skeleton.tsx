import { Box, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A first load shown as the shape of what is coming (no spinner); `label` is read out instead. */
export function LinesSkeleton({ label, lines = 3, height = '12', testId }: { label: string; lines?: number; height?: string; testId?: string }) {
  return (
    <Stack gap={3} aria-busy="true" data-testid={testId ?? 'skeleton'}>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} h={height} rounded="md" />
      ))}
    </Stack>
  );
}

/**
 * While `loading`, the content itself (drawn with placeholder values) greyed out as its own skeleton, so the
 * first load has exactly the geometry of what arrives; nothing in it can be read or pressed meanwhile.
 */
export function ShapeSkeleton({ loading, label, testId, children }: { loading: boolean; label: string; testId?: string; children: ReactNode }) {
  if (!loading) return <>{children}</>;
  return (
    <Box aria-busy="true" data-testid={testId ?? 'skeleton'}>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton loading inert aria-hidden="true">
        {children}
      </Skeleton>
    </Box>
  );
}
