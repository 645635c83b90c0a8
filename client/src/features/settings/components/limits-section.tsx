import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/forms/form-alert';
import { FormStack } from '@/components/forms/form-stack';
import { screenMessage } from '@/lib/messages';
import { formatISTDateTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { endPauseEarly, limitsQueryKey, limitsQueryOptions, setStakeCap, startPause, type SelfLimits } from '../api/limits-api';

export const limitsMessages = {
  loadFailed: 'Could not load your limits. Please refresh the page.',
  saveFailed: 'Failed to save your limit. Please try again.',
  capSaved: 'Monthly cap saved',
  capPending: 'Saved: a higher cap, or no cap, takes effect 24 hours from now',
  capRemovedPending: 'Saved: your cap ends 24 hours from now',
  paused: 'Pause started: no new stakes until it ends',
  pauseEnding: 'Your pause now ends 24 hours from now',
} as const;

const monthLabel = (yyyyMm: string) =>
  new Date(`${yyyyMm}-01T00:00:00+05:30`).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The whole-rupee cap the person typed, or the message that says why it is not one. */
export function capInputProblem(raw: string, min: number, max: number): string | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) return `Enter a whole number of rupees from ${formatINR(min)} to ${formatINR(max)}`;
  return null;
}

/** Settings → Limits: a monthly stake cap and a cooling-off pause. */
export function LimitsSection() {
  const client = useQueryClient();
  const limits = useQuery(limitsQueryOptions());
  const [cap, setCap] = useState('');
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(null);

  const change = useMutation({
    mutationFn: (run: () => Promise<SelfLimits>) => run(),
    onSuccess: (data) => client.setQueryData(limitsQueryKey, data),
  });
  const act = async (run: () => Promise<SelfLimits>, success: (l: SelfLimits) => string) => {
    setNotice(null);
    try {
      const saved = await change.mutateAsync(run);
      setNotice({ status: 'success', text: success(saved) });
      setCap('');
    } catch (e) {
      setNotice({ status: 'error', text: screenMessage(e, limitsMessages.saveFailed) });
    }
  };

  if (limits.isPending) return <Text color="fg.muted">Loading your limits…</Text>;
  // Not an alert: a failed read is no action of the person's.
  if (limits.isError) return <Text color="fg.muted">{limitsMessages.loadFailed}</Text>;
  const l = limits.data;

  const onSaveCap = (event: FormEvent) => {
    event.preventDefault();
    const problem = capInputProblem(cap, l.minMonthlyStakeCap, l.maxMonthlyStakeCap);
    if (problem) {
      setNotice({ status: 'error', text: problem });
      return;
    }
    void act(
      () => setStakeCap(Number(cap.trim())),
      (saved) => (saved.pendingMonthlyStakeCap ? limitsMessages.capPending : limitsMessages.capSaved),
    );
  };

  return (
    <Stack gap={5}>
      <Text color="fg.muted">
        Limits you set for yourself. A lower cap or a new pause applies at once; a higher cap, removing the cap, or ending a pause early applies{' '}
        {l.coolingOffHours} hours after you ask.
      </Text>

      <Stack gap={1} aria-label="This month" role="group">
        <Text fontWeight="medium">
          {monthLabel(l.month)}: {formatINR(l.monthStaked)} staked
          {l.monthlyStakeCap === null ? '' : ` of your ${formatINR(l.monthlyStakeCap)} monthly cap (${formatINR(l.monthRemaining ?? 0)} left)`}
        </Text>
        {l.monthlyStakeCap === null ? <Text color="fg.muted">No monthly cap.</Text> : null}
        {l.pendingMonthlyStakeCap ? (
          <Text color="fg.muted">
            {l.pendingMonthlyStakeCap.monthlyStakeCap === null ? 'No cap' : `A cap of ${formatINR(l.pendingMonthlyStakeCap.monthlyStakeCap)}`} from{' '}
            {formatISTDateTime(l.pendingMonthlyStakeCap.effectiveAt)} IST.
          </Text>
        ) : null}
      </Stack>

      <FormStack gap={3} onSubmit={onSaveCap} noValidate aria-label="Monthly stake cap" maxW="md">
        <Field.Root>
          <Field.Label>Monthly stake cap (₹)</Field.Label>
          <Input
            inputMode="numeric"
            placeholder={l.monthlyStakeCap === null ? 'e.g. 500' : String(l.monthlyStakeCap)}
            value={cap}
            onChange={(e) => setCap(e.target.value)}
          />
          <Field.HelperText>
            The most your challenges dated in one calendar month may stake together, {formatINR(l.minMonthlyStakeCap)} to {formatINR(l.maxMonthlyStakeCap)}.
          </Field.HelperText>
        </Field.Root>
        <HStack gap={3} wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={change.isPending} disabled={change.isPending}>
            Save cap
          </Button>
          {l.monthlyStakeCap !== null && !(l.pendingMonthlyStakeCap && l.pendingMonthlyStakeCap.monthlyStakeCap === null) ? (
            <Button
              variant="outline"
              disabled={change.isPending}
              onClick={() =>
                void act(
                  () => setStakeCap(null),
                  () => limitsMessages.capRemovedPending,
                )
              }
            >
              Remove cap
            </Button>
          ) : null}
        </HStack>
      </FormStack>

      <Stack gap={3}>
        <Text fontWeight="medium">Cooling-off pause</Text>
        {l.isPaused && l.pausedUntil ? (
          <>
            <Text>No new stakes until {formatISTDateTime(l.pausedUntil)} IST. Challenges already booked go ahead.</Text>
            <Box>
              <Button variant="outline" disabled={change.isPending} onClick={() => void act(endPauseEarly, () => limitsMessages.pauseEnding)}>
                End pause early
              </Button>
            </Box>
          </>
        ) : (
          <>
            <Text color="fg.muted">Take a break: no new stakes, including a plan’s bookings, for a week or a month.</Text>
            <HStack gap={3} wrap="wrap">
              {l.pauseDayOptions.map((days) => (
                <Button
                  key={days}
                  variant="outline"
                  disabled={change.isPending}
                  onClick={() =>
                    void act(
                      () => startPause(days),
                      () => limitsMessages.paused,
                    )
                  }
                >
                  Pause for {days} days
                </Button>
              ))}
            </HStack>
          </>
        )}
      </Stack>

      {notice ? (
        notice.status === 'error' ? (
          <FormAlert status="error">{notice.text}</FormAlert>
        ) : (
          <Text role="status" fontSize="sm" color="fg.success">
            {notice.text}
          </Text>
        )
      ) : null}
    </Stack>
  );
}
