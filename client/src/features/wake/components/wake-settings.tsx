import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ShapeSkeleton } from '@/components/ui/lines-skeleton';
import { LoadFailed, loadStateOf } from '@/components/ui/load-failed';
import { SectionCard, SettingSwitch } from '@/components/ui/setting';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { bookLeave, getLeave, getStillAwake, removeLeave, setStillAwake, wakeKeys, type LeaveList } from '../api/wake-api';

/** Settings › "Still awake?": a second check 20-40 minutes after an on-time check-in. */
export function StillAwakeSetting() {
  const userId = useAuth().user?.id ?? '';
  const client = useQueryClient();
  const key = wakeKeys.stillAwake(userId);
  const setting = useQuery({ queryKey: key, queryFn: ({ signal }) => getStillAwake(signal), enabled: !!userId });
  const save = useMutation({ mutationFn: setStillAwake, onSuccess: (data) => client.setQueryData(key, data) });
  const load = loadStateOf(setting);
  return (
    <SectionCard title="Still Awake?">
      {load.failed ? (
        <LoadFailed message="We couldn't load this setting." onRetry={load.retry} retrying={load.retrying} />
      ) : (
        <ShapeSkeleton loading={setting.isPending} label="Loading this setting..." testId="still-awake-loading">
          <SettingSwitch
            label="Ask me again after I check in"
            help={
              <>
                20 to 40 minutes after an on-time check-in we send a &ldquo;Still awake?&rdquo; notification. Answer it within 10 minutes, or that morning
                counts as missed.
              </>
            }
            checked={setting.data?.enabled ?? false}
            disabled={!setting.data || save.isPending}
            onChange={(v) => save.mutate(v)}
          />
        </ShapeSkeleton>
      )}
      {save.isError ? (
        <Text role="alert" fontSize="sm" color="fg.error">
          {errorMessage(save.error, 'Failed to save settings. Please try again.')}
        </Text>
      ) : null}
    </SectionCard>
  );
}

const leaveRules = (d: { limitPerMonth: LeaveList['limitPerMonth'] | '–'; cutoffTime: string }) =>
  `Up to ${d.limitPerMonth} days a month, booked by ${d.cutoffTime} IST the evening before. A challenge on a leave day is excused: its whole stake comes back, your streak is kept, and plans skip the day.`;
/** The first load draws the rules greyed out, in their own shape, with dashes for the figures. */
const RULES_SHAPE = { limitPerMonth: '–', cutoffTime: '–' } as const;

/** Settings › Leave: days booked ahead; a challenge on a leave day is excused with its whole stake returned. */
export function LeaveSettings() {
  const userId = useAuth().user?.id ?? '';
  const client = useQueryClient();
  const key = wakeKeys.leave(userId);
  const leave = useQuery({ queryKey: key, queryFn: ({ signal }) => getLeave(signal), enabled: !!userId });
  const [date, setDate] = useState('');
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: key }),
      client.invalidateQueries({ queryKey: queryKeys.challenges.all }),
      client.invalidateQueries({ queryKey: queryKeys.wallet.all }),
    ]);
  const book = useMutation({ mutationFn: bookLeave, onSuccess: () => (setDate(''), refresh()) });
  const remove = useMutation({ mutationFn: removeLeave, onSuccess: refresh });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (date) book.mutate(date);
  };
  const error = book.error ?? remove.error;
  const data = leave.data;
  const load = loadStateOf(leave);
  return (
    <SectionCard title="Leave">
      {load.failed ? (
        <LoadFailed message="We couldn't load your leave days." onRetry={load.retry} retrying={load.retrying} />
      ) : (
        <ShapeSkeleton loading={!data} label="Loading your leave days..." testId="leave-loading">
          <Text color="fg.muted">{leaveRules(data ?? RULES_SHAPE)}</Text>
        </ShapeSkeleton>
      )}
      <form onSubmit={submit}>
        <HStack align="flex-end" gap={3} wrap="wrap">
          <Field.Root maxW="xs">
            <Field.Label>Leave day</Field.Label>
            <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={book.isPending} disabled={!date}>
            Book leave
          </Button>
        </HStack>
      </form>
      {error ? (
        <Text role="alert" fontSize="sm" color="fg.error">
          {errorMessage(error, 'Could not change your leave. Please try again.')}
        </Text>
      ) : null}
      {data && data.days.length === 0 ? <Text color="fg.muted">No leave booked.</Text> : null}
      {data && data.days.length > 0 ? (
        <Stack as="ul" listStyleType="none" gap={2} aria-label="Leave days">
          {data.days.map((d) => (
            <HStack as="li" key={d.date} justify="space-between">
              <Text>{d.date}</Text>
              {d.removable ? (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Remove leave on ${d.date}`}
                  loading={remove.isPending && remove.variables === d.date}
                  onClick={() => remove.mutate(d.date)}
                >
                  Remove
                </Button>
              ) : null}
            </HStack>
          ))}
        </Stack>
      ) : null}
    </SectionCard>
  );
}

/** Both wake settings, for app/routes/settings.tsx. */
export function WakeSettings() {
  return (
    <>
      <StillAwakeSetting />
      <LeaveSettings />
    </>
  );
}
