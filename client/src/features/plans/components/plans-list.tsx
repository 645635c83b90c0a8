import { Alert, Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { statusWord } from '@/lib/status-words';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LinesSkeleton } from '@/components/ui/lines-skeleton';
import { LoadFailed, loadStateOf } from '@/components/ui/load-failed';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { changePlan, planKeys, type Plan, type PlanAction, type PlanStatus } from '../api/plans-api';
import { usePlans } from '../hooks/use-plans';
import { nextBookingText, planDate, planTitle } from '../utils/plan-text';

const palette: Record<PlanStatus, string> = { ACTIVE: 'green', PAUSED: 'yellow', CANCELLED: 'gray' };

const doneMessages: Record<PlanAction, string> = { pause: 'Plan paused', resume: 'Plan resumed', cancel: 'Plan cancelled' };

/** The plans with their next booking; pause, resume and cancel. */
export function PlansList() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const [confirming, setConfirming] = useState<Plan | null>(null);
  const change = useMutation({
    mutationFn: ({ plan, action }: { plan: Plan; action: PlanAction }) => changePlan(plan.id, action),
    onSuccess: (_plan, { action }) => {
      setConfirming(null);
      toaster.create({ status: 'success', title: doneMessages[action] });
      return queryClient.invalidateQueries({ queryKey: planKeys.all(user?.id ?? 'anonymous') });
    },
  });
  const busyId = change.isPending ? change.variables?.plan.id : undefined;

  const load = loadStateOf(plans);
  if (load.failed) return <LoadFailed message="We couldn't load your plans." onRetry={load.retry} retrying={load.retrying} />;
  // a plan's card: its title, dates, next booking and buttons
  if (plans.isPending) return <LinesSkeleton label="Loading your plans..." lines={2} height="36" testId="plans-loading" />;
  const list = plans.data ?? [];
  if (list.length === 0) return <Text color="fg.muted">No plans yet.</Text>;

  return (
    <Stack gap={3}>
      {change.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(change.error)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Stack gap={3} as="ul" listStyleType="none" m={0} p={0} data-testid="plans-list" aria-label="Your plans">
        {list.map((p) => (
          <Box
            as="li"
            key={p.id}
            borderWidth="1px"
            borderRadius="md"
            p={4}
            data-testid="plan-item"
            data-status={p.status}
            opacity={p.status === 'CANCELLED' ? 0.85 : 1}
          >
            <Stack gap={2}>
              <HStack justify="space-between" align="flex-start" gap={2} wrap="wrap">
                <Text fontWeight="semibold">{planTitle(p)}</Text>
                <Badge colorPalette={palette[p.status]} variant="subtle">
                  {statusWord(p.status)}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {planDate(p.startDate)} – {planDate(p.endDate)} · booked {p.bookedDays} of {p.totalDays}
                {p.skippedDays ? ` · skipped ${p.skippedDays} (balance short)` : ''}
              </Text>
              <Text fontSize="sm" data-testid="plan-next">
                {nextBookingText(p)}
              </Text>
              {p.status !== 'CANCELLED' ? (
                <HStack gap={2} wrap="wrap">
                  {p.status === 'ACTIVE' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      loading={busyId === p.id && change.variables?.action === 'pause'}
                      disabled={!!busyId}
                      onClick={() => change.mutate({ plan: p, action: 'pause' })}
                      aria-label={`Pause plan: ${planTitle(p)}`}
                    >
                      Pause
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      loading={busyId === p.id && change.variables?.action === 'resume'}
                      disabled={!!busyId}
                      onClick={() => change.mutate({ plan: p, action: 'resume' })}
                      aria-label={`Resume plan: ${planTitle(p)}`}
                    >
                      Resume
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={!!busyId}
                    onClick={() => setConfirming(p)}
                    aria-label={`Cancel plan: ${planTitle(p)}`}
                  >
                    Cancel plan
                  </Button>
                </HStack>
              ) : null}
            </Stack>
          </Box>
        ))}
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title="Cancel this plan?"
        cancelLabel="Keep plan"
        confirmLabel="Cancel plan"
        onConfirm={() => confirming && change.mutate({ plan: confirming, action: 'cancel' })}
        onClose={() => setConfirming(null)}
        busy={change.isPending}
        busyText="Cancelling..."
      >
        <Text>
          {confirming ? planTitle(confirming) : ''}. It books no more mornings. Mornings already booked stay booked: cancel each of them on its own until 11:59
          PM the night before.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
