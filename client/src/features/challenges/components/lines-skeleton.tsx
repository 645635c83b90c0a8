import { Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';

/** Issue #20: a first load shown as the shape of what is coming (no spinner); `label` is read out instead. */
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
