import { Alert, Box, Button, Checkbox, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { CharityField, useCharityChoice } from '@/components/forms/charity-field';
import { useRules } from '@/lib/config';
import { errorMessage } from '@/lib/api-client';
import { formatWakeUpTime, istDateString, once } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { ProofChoice } from '@/components/forms/proof-choice';
import { MissionChoice } from '@/components/forms/mission-choice';
import type { Mission } from '@/lib/missions';
import type { ProofLevel } from '@/lib/status-words';
import { createPlan, planKeys, type CreatePlanInput, type Plan } from '../api/plans-api';
import {
  addDays,
  DAY_SETS,
  DEFAULT_PLAN_STAKE,
  DEFAULT_PLAN_TIME,
  DEFAULT_PLAN_WEEKS,
  describeDays,
  MAX_PLAN_WEEKS,
  PLAN_BOOKING_TIME,
  planDates,
  planEndDate,
  WAKE_UP_SLOTS,
  WEEKDAY_NAMES,
  type DaySet,
} from '../utils/plan-rules';

type Repeat = DaySet | 'CUSTOM';
const REPEAT_OPTIONS: { value: Repeat; label: string }[] = [
  { value: 'WEEKDAYS', label: 'Weekdays (Mon–Fri)' },
  { value: 'WEEKENDS', label: 'Weekends (Sat–Sun)' },
  { value: 'EVERY_DAY', label: 'Every day' },
  { value: 'CUSTOM', label: 'Choose days' },
];

const longDate = once(() => new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }));
const dayLabel = (date: string) => longDate().format(new Date(`${date}T00:00:00Z`));

export interface PlanFormProps {
  onCreated?: (plan: Plan) => void;
}

/** "weekdays at 06:00 for 4 weeks, ₹20 a day", booked from the wallet each evening before. */
export function PlanForm({ onCreated }: PlanFormProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const today = istDateString();
  const [repeat, setRepeat] = useState<Repeat>('WEEKDAYS');
  const [custom, setCustom] = useState<number[]>([1, 3, 5]);
  const [wakeUpTime, setWakeUpTime] = useState(DEFAULT_PLAN_TIME);
  const [stakeText, setStakeText] = useState(String(DEFAULT_PLAN_STAKE));
  // carried to every challenge the plan books
  const [proof, setProof] = useState<ProofLevel>('NONE');
  const [mission, setMission] = useState<Mission>('NONE');
  const [startDate, setStartDate] = useState(() => addDays(today, 1));
  const [weeks, setWeeks] = useState(DEFAULT_PLAN_WEEKS);
  const charityChoice = useCharityChoice();
  const { pledge, charity } = charityChoice;
  // the stake bounds are the server's (GET /config)
  const { min: MIN_FORFEIT, max: MAX_FORFEIT } = useRules().stake;
  const ids = { repeat: useId(), time: useId(), stake: useId(), start: useId(), weeks: useId() };

  const weekdays = repeat === 'CUSTOM' ? [...custom].sort() : [...DAY_SETS[repeat]];
  const stake = stakeText.trim() === '' ? Number.NaN : Number(stakeText);
  const stakeOk = Number.isInteger(stake) && stake >= MIN_FORFEIT && stake <= MAX_FORFEIT;
  const startOk = /^\d{4}-\d{2}-\d{2}$/.test(startDate) && startDate >= today;
  const endDate = startOk ? planEndDate(startDate, weeks) : '';
  const mornings = startOk ? planDates(startDate, endDate, weekdays) : [];
  const problem =
    weekdays.length === 0
      ? 'Pick at least one day'
      : !startOk
        ? 'The plan cannot start in the past'
        : mornings.length === 0
          ? 'The plan has no morning on those days'
          : null;

  const create = useMutation({
    mutationFn: (input: CreatePlanInput) => createPlan(input),
    onSuccess: (plan) => {
      void queryClient.invalidateQueries({ queryKey: planKeys.all(user?.id ?? 'anonymous') });
      toaster.create({
        status: 'success',
        title: 'Plan created',
        description: `${describeDays(plan.weekdays)} at ${formatWakeUpTime(plan.wakeUpTime)} IST, ${formatINR(plan.forfeitAmount)} a morning. First booking: ${plan.nextDate ? dayLabel(plan.nextDate) : 'none'}.`,
      });
      onCreated?.(plan);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!stakeOk || problem) return;
    create.mutate({
      days: repeat === 'CUSTOM' ? weekdays : repeat,
      wakeUpTime,
      forfeitAmount: stake,
      startDate,
      weeks,
      ...(pledge && charity ? { charityId: charity.id } : {}),
      ...(proof === 'PHOTO' ? { proof } : {}),
      ...(mission !== 'NONE' ? { mission } : {}),
    } as CreatePlanInput);
  };

  const toggleDay = (day: number, on: boolean) => setCustom((days) => (on ? [...new Set([...days, day])] : days.filter((d) => d !== day)));

  return (
    <Stack asChild gap={4}>
      <form onSubmit={onSubmit} noValidate aria-label="Create a plan">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap={4}>
          <Field.Root>
            <Field.Label htmlFor={ids.repeat}>Repeat on</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field id={ids.repeat} value={repeat} onChange={(e) => setRepeat(e.currentTarget.value as Repeat)}>
                {REPEAT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor={ids.time}>Wake-up time (IST)</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field id={ids.time} value={wakeUpTime} onChange={(e) => setWakeUpTime(e.currentTarget.value)}>
                {WAKE_UP_SLOTS.map((t) => (
                  <option key={t} value={t}>
                    {formatWakeUpTime(t)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>

        {repeat === 'CUSTOM' ? (
          <Box as="fieldset" border="none" p={0} m={0}>
            <Text as="legend" fontSize="sm" fontWeight="medium" mb={2}>
              Days
            </Text>
            <HStack wrap="wrap" gap={4}>
              {WEEKDAY_NAMES.map((name, i) => (
                <Checkbox.Root key={name} colorPalette="brand" checked={custom.includes(i + 1)} onCheckedChange={(e) => toggleDay(i + 1, e.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Box>
        ) : null}

        <SimpleGrid columns={{ base: 1, sm: 3 }} gap={4}>
          <Field.Root invalid={!stakeOk}>
            <Field.Label htmlFor={ids.stake}>Stake a morning (₹)</Field.Label>
            <Input
              id={ids.stake}
              type="number"
              inputMode="numeric"
              min={MIN_FORFEIT}
              max={MAX_FORFEIT}
              step={1}
              value={stakeText}
              onChange={(e) => setStakeText(e.currentTarget.value)}
            />
            {stakeOk ? null : (
              <Field.ErrorText>
                A whole number from ₹{MIN_FORFEIT} to ₹{MAX_FORFEIT}
              </Field.ErrorText>
            )}
          </Field.Root>
          <Field.Root invalid={!startOk}>
            <Field.Label htmlFor={ids.start}>Starts</Field.Label>
            <Input id={ids.start} type="date" min={today} value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor={ids.weeks}>For</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field id={ids.weeks} value={String(weeks)} onChange={(e) => setWeeks(Number(e.currentTarget.value))}>
                {Array.from({ length: MAX_PLAN_WEEKS }, (_, i) => i + 1).map((w) => (
                  <option key={w} value={w}>
                    {w} {w === 1 ? 'week' : 'weeks'}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>

        <CharityField choice={charityChoice} />

        <ProofChoice value={proof} onChange={setProof} disabled={create.isPending} />

        <MissionChoice value={mission} onChange={setMission} disabled={create.isPending} />

        <Text fontSize="sm" color="fg.muted" data-testid="plan-summary" aria-live="polite">
          {problem ?? (
            <>
              {describeDays(weekdays)} at {formatWakeUpTime(wakeUpTime)} IST, {dayLabel(startDate)} to {dayLabel(endDate)}: {mornings.length}{' '}
              {mornings.length === 1 ? 'morning' : 'mornings'}
              {stakeOk ? `, ${formatINR(stake)} each (${formatINR(stake * mornings.length)} in all)` : ''}. Each morning is booked from your wallet at{' '}
              {PLAN_BOOKING_TIME} the evening before; if your balance is short that morning is skipped and you get a notice.
            </>
          )}
        </Text>

        {create.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>Failed to create plan: {errorMessage(create.error)}</Alert.Title>
          </Alert.Root>
        ) : null}

        <Box>
          <Button type="submit" colorPalette="brand" disabled={!stakeOk || !!problem} loading={create.isPending} loadingText="Creating plan...">
            Create plan
          </Button>
        </Box>
      </form>
    </Stack>
  );
}
