import { Alert, Box, Button, Field, HStack, Input, NativeSelect, Slider, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth';
import { CharityField, useCharityChoice } from '@/components/forms/charity-field';
import { useRules } from '@/lib/config';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { FormField } from '@/lib/forms/form-field';
import { minBalanceSentence } from '@/lib/rules';
import { zodResolver } from '@/lib/forms/schema';
import { schemaErrors } from '@/lib/forms/submit-now';
import { LoadFailed } from '@/components/ui/load-failed';
import { canCreateChallenge } from '../api/challenges-api';
import { poolPreviewQueryOptions } from '../api/pool-preview';
import { challengeKeys } from '../api/query-keys';
import type { Challenge } from '../api/types';
import { reasonOf, useChallenges } from '../hooks/use-challenges';
import { useBookableDates, usePendingChallenges } from '../hooks/use-challenge-queries';
import { useWalletBalance } from '../hooks/use-wallet-balance';
import { checkCreateForm, createErrorOutcome, DEFAULT_FORFEIT, DEFAULT_WAKE_MINUTES, WAKE_STEP_MINUTES, windowLabelsFor } from '../utils/challenge-rules';
import { dateChoices, wakeRangeOf, withheldWord } from '../utils/date-choices';
import { formatCalendarDate, formatShortDate, hhmmOf, todayIST } from '../utils/dates';
import { ReviewStakeDialog } from './review-stake-dialog';
import { createChallengeSchema, forfeitOf, type CreateChallengeFields, type CreateChallengeValues } from './create-challenge-schema';
import { NO_CHARITY_DESTINATION } from '@/lib/stake-rules';
import { ProofChoice } from '@/components/forms/proof-choice';
import { MissionChoice } from '@/components/forms/mission-choice';
import type { Mission } from '@/lib/missions';
import type { ProofLevel } from '@/lib/status-words';

export interface CreateChallengeFormProps {
  /** After the server created it (it is already first in the held lists). */
  onCreated?: (challenge: Challenge) => void;
  /** SPEC.md section 8: a refusal for insufficient balance closes the form and prompts to add funds. */
  onInsufficientBalance?: (message: string) => void;
  /** Shows a Cancel button beside submit (the modal). */
  onCancel?: () => void;
}

const marks = [240, 300, 360, 420].map((value) => ({ value, label: `${value / 60} AM` }));

/** The Create Challenge form of SPEC.md section 5, shared by the modal and the /challenge page. */
export function CreateChallengeForm({ onCreated, onInsufficientBalance, onCancel }: CreateChallengeFormProps) {
  const { user } = useAuth();
  const userId = user?.id ?? 'anonymous';
  const today = todayIST();
  // The server says which of the 8 dates can be booked (booked, on leave, too late today are withheld).
  const bookable = useBookableDates();
  const pending = usePendingChallenges();
  const bookedInCache = useMemo(() => new Set((pending.data ?? []).map((c) => c.challengeDate)), [pending.data]);
  const choices = useMemo(() => dateChoices(today, bookable.data, bookedInCache), [today, bookable.data, bookedInCache]);
  const { balance, isPending: balancePending, isError: balanceFailed } = useWalletBalance();
  const rules = useRules();
  const schema = useMemo(() => createChallengeSchema(balance ?? 0, rules), [balance, rules]);
  // The form keeps what was picked; the date and time below are what is offered of it (a date taken meanwhile falls
  // back to the first bookable one, a time outside the date's slots to the nearest).
  const form = useForm<CreateChallengeFields, unknown, CreateChallengeValues>({
    resolver: zodResolver(schema),
    defaultValues: { challengeDate: '', wakeMinutes: DEFAULT_WAKE_MINUTES, forfeit: String(DEFAULT_FORFEIT) },
  });
  const { register, setValue, watch, handleSubmit } = form;
  const [picked, wantedMinutes, forfeitText] = watch(['challengeDate', 'wakeMinutes', 'forfeit']);
  // The picked date while it is still offered, else the first bookable one.
  const choice = choices.offered.find((c) => c.date === picked) ?? choices.offered.find((c) => c.date === choices.first);
  const date = choice?.date ?? '';
  const range = wakeRangeOf(choice);
  const wakeMinutes = Math.min(range.max, Math.max(range.min, wantedMinutes));
  // Submit opens a review of what the stake means (the cleaned form); the POST happens on its Confirm.
  const [reviewing, setReviewing] = useState<CreateChallengeValues | null>(null);
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  // The store's create mutation: `busy` while the POST is on its way.
  const { createChallenge, busy: submitting } = useChallenges();
  const ids = { date: useId() };
  const charityChoice = useCharityChoice();
  const { pledge, charity } = charityChoice;
  // the proof level (NONE unless chosen), sent with the stake and previewed with its own pool
  const [proof, setProof] = useState<ProofLevel>('NONE');
  const [mission, setMission] = useState<Mission>('NONE');

  const canCreate = useQuery({
    queryKey: challengeKeys.canCreate(userId, date),
    queryFn: ({ signal }) => canCreateChallenge(date, signal),
    enabled: !!user && !!date,
    staleTime: 10_000,
  });

  const forfeit = forfeitOf(forfeitText);
  const known = typeof balance === 'number';
  const check = checkCreateForm({ balance: balance ?? 0, forfeit, loading: submitting || balancePending, rules });
  const serverSaysNo = canCreate.data?.canCreate === false && !!canCreate.data.reason;
  const disabled = check.disabled || !known || serverSaysNo || !date;
  const wakeUpTime = hhmmOf(wakeMinutes);
  const window = windowLabelsFor(wakeUpTime, rules);

  // The forfeit's message as it is typed (read from the schema in the render itself, so it never lags a keystroke).
  const forfeitError = schemaErrors(schema, { challengeDate: date, wakeMinutes, forfeit: forfeitText })?.forfeit?.message;

  const onSubmit = (event: React.FormEvent) => {
    if (disabled) return event.preventDefault();
    // What is checked and reviewed is what the form shows.
    setValue('challengeDate', date);
    setValue('wakeMinutes', wakeMinutes);
    return handleSubmit((values) => {
      setFormError(null);
      setReviewing(values);
    })(event);
  };

  const onConfirm = async (values: CreateChallengeValues) => {
    const { challengeDate: date, wakeUpTime, forfeitAmount: forfeit } = values;
    try {
      const created = await createChallenge({
        ...values,
        ...(pledge && charity ? { charityId: charity.id } : {}),
        ...(proof === 'PHOTO' ? { proof } : {}),
        ...(mission !== 'NONE' ? { mission } : {}),
      } as Parameters<typeof createChallenge>[0]);
      setReviewing(null);
      void queryClient.invalidateQueries({ queryKey: poolPreviewQueryOptions(date).queryKey.slice(0, 2) });
      toaster.create({
        status: 'success',
        title: 'Challenge created',
        description: `Wake up by ${formatWakeUpTime(created.wakeUpTime ?? wakeUpTime)} IST on ${formatCalendarDate(created.challengeDate ?? date)}. ${formatINR(created.forfeitAmount ?? forfeit)} staked.`,
      });
      onCreated?.(created);
    } catch (error) {
      setReviewing(null);
      const outcome = createErrorOutcome(reasonOf(error));
      if (outcome.kind === 'INSUFFICIENT_BALANCE' && onInsufficientBalance) onInsufficientBalance(outcome.message);
      else setFormError(outcome.message);
    }
  };

  return (
    <Stack asChild gap={5}>
      <form onSubmit={onSubmit} noValidate aria-label="Create challenge">
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Available balance
          </Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="create-balance">
            {known ? formatINR(balance) : balanceFailed ? 'Unavailable' : 'Loading...'}
          </Text>
        </Box>

        {known && check.insufficientBalance ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>Insufficient balance! {minBalanceSentence(rules)}</Alert.Title>
          </Alert.Root>
        ) : null}
        {known && check.lowBalance ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Low Balance</Alert.Title>
              <Alert.Description>Your balance is {formatINR(balance)}. Add funds to keep creating challenges.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <Field.Root>
          <Field.Label htmlFor={ids.date}>Challenge date</Field.Label>
          <NativeSelect.Root disabled={!date}>
            <NativeSelect.Field id={ids.date} value={date} onChange={(e) => setValue('challengeDate', e.currentTarget.value)}>
              {choices.offered.length === 0 ? <option value="">No date can be booked</option> : null}
              {choices.offered.map((c) => (
                <option key={c.date} value={c.date}>
                  {c.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {bookable.isError && !bookable.data ? (
            <LoadFailed message="We couldn't check which dates are free." onRetry={() => bookable.refetch()} retrying={bookable.isFetching} />
          ) : null}
          {choices.withheld.length > 0 ? (
            <Text fontSize="sm" color="fg.muted" data-testid="withheld-dates">
              {choices.offered.length === 0 && choices.withheld[0]?.reason
                ? `No date can be booked: ${choices.withheld[choices.withheld.length - 1].reason}`
                : `Not offered: ${choices.withheld.map((c) => `${formatShortDate(c.date)} (${withheldWord(c)})`).join(', ')}.`}
            </Text>
          ) : null}
          {serverSaysNo ? (
            <Text fontSize="sm" color="fg.error" role="status" data-testid="can-create-reason">
              {canCreate.data?.reason}
            </Text>
          ) : (
            <Field.HelperText>From today up to 7 days ahead (IST).</Field.HelperText>
          )}
        </Field.Root>

        <Slider.Root
          min={range.min}
          max={range.max}
          step={WAKE_STEP_MINUTES}
          value={[wakeMinutes]}
          onValueChange={(e) => setValue('wakeMinutes', e.value[0])}
          getAriaValueText={(d) => formatWakeUpTime(hhmmOf(d.value))}
          colorPalette="brand"
          pb={6}
        >
          <HStack justify="space-between">
            <Slider.Label>Wake-up time</Slider.Label>
            <Text fontWeight="semibold" data-testid="wake-up-value">
              {formatWakeUpTime(wakeUpTime)} IST
            </Text>
          </HStack>
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
            <Slider.Marks marks={marks.filter((m) => m.value >= range.min && m.value <= range.max)} />
          </Slider.Control>
        </Slider.Root>
        <Text fontSize="sm" color="fg.muted" mt={-2} data-testid="window-text">
          Check-in window: {formatWakeUpTime(window.opens)} – {formatWakeUpTime(window.closes)} IST ({rules.checkIn.minutesBefore} minutes before to{' '}
          {rules.checkIn.minutesAfter} minutes after).
        </Text>

        <FormField
          label="Forfeit amount (₹)"
          error={forfeitError}
          helper={
            pledge
              ? `From ₹${rules.stake.min} to ₹${check.maxForfeit}. Wake up and it all comes back; miss it and ${rules.missRefundPercent}% comes back, the rest is donated to ${charity?.name ?? NO_CHARITY_DESTINATION}.`
              : `From ₹${rules.stake.min} to ₹${check.maxForfeit}. Miss it and ${rules.missRefundPercent}% comes back; wake up and win a share of the pool.`
          }
        >
          <Input type="number" inputMode="numeric" min={rules.stake.min} max={check.maxForfeit} step={1} {...register('forfeit')} />
        </FormField>

        <CharityField choice={charityChoice} />

        <ProofChoice value={proof} onChange={setProof} disabled={submitting} />

        <MissionChoice value={mission} onChange={setMission} disabled={submitting} />

        {formError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        ) : null}

        <HStack justify="flex-end" gap={3}>
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} type="button">
              Cancel
            </Button>
          ) : null}
          <Button type="submit" colorPalette="brand" disabled={disabled} loading={submitting} loadingText="Creating...">
            {check.submitLabel}
          </Button>
        </HStack>
        <ReviewStakeDialog
          review={
            reviewing
              ? {
                  date: reviewing.challengeDate,
                  today,
                  wakeUpTime: reviewing.wakeUpTime,
                  window: windowLabelsFor(reviewing.wakeUpTime, rules),
                  forfeit: reviewing.forfeitAmount,
                  pledge,
                  charityName: pledge ? charity?.name : undefined,
                  proof,
                  mission,
                }
              : null
          }
          submitting={submitting}
          onConfirm={() => reviewing && void onConfirm(reviewing)}
          onClose={() => setReviewing(null)}
        />
      </form>
    </Stack>
  );
}
