import { Box, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';

// A small toaster of our own rather than Chakra's Toast: its slot recipe and state machine would land in the entry
// chunk (theme.ts keeps only the recipes in use), for a component shown a few times a session.

export type ToastStatus = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  status?: ToastStatus;
  /** ms before it goes; default 5 s (long enough to read two lines). */
  duration?: number;
}

interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const toaster = {
  create(input: ToastInput): number {
    const toast: Toast = { id: nextId++, status: 'info', duration: 5000, ...input };
    toasts = [...toasts, toast];
    emit();
    if (toast.duration > 0) setTimeout(() => toaster.dismiss(toast.id), toast.duration);
    return toast.id;
  },
  dismiss(id: number) {
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  },
  clear() {
    toasts = [];
    emit();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Dark backgrounds with white text: every pair is above 7:1 (axe colour-contrast), hover or not.
const colours: Record<ToastStatus, string> = { success: 'brand.700', error: 'red.700', info: 'gray.800' };

const MAX_SHOWN = 3;

/** Mounted once (app/provider.tsx). The region is always present so screen readers announce what appears in it. */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <Box
      role="region"
      aria-label="Notifications"
      position="fixed"
      zIndex="toast"
      // phones: at the top, where a bottom sheet's or a dialog's buttons never are; wider screens: bottom right
      insetInline={{ base: 4, md: 'auto' }}
      right={{ md: 6 }}
      top={{ base: 4, md: 'auto' }}
      bottom={{ md: 6 }}
      maxW={{ md: 'sm' }}
      pointerEvents="none"
    >
      <Stack gap={2} aria-live="polite" aria-atomic="false">
        {list.slice(-MAX_SHOWN).map((t) => (
          <HStack
            key={t.id}
            role="status"
            data-testid="toast"
            data-status={t.status}
            align="flex-start"
            gap={3}
            bg={colours[t.status]}
            color="white"
            borderRadius="md"
            boxShadow="lg"
            px={4}
            py={3}
            pointerEvents="auto"
          >
            <Box flex="1">
              <Text fontWeight="semibold">{t.title}</Text>
              {t.description ? <Text fontSize="sm">{t.description}</Text> : null}
            </Box>
            <CloseButton size="xs" color="white" _hover={{ bg: 'whiteAlpha.300' }} aria-label="Dismiss notification" onClick={() => toaster.dismiss(t.id)} />
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
