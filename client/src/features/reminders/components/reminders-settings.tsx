import { Alert, Box, Button, Card, Field, Heading, HStack, Input, Link, Separator, Stack, Switch, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { formatISTDate } from '@/lib/format';
import { calendarFeedKey, createCalendarFeed, deleteCalendarFeed, getCalendarFeed, type CalendarFeedAddress } from '../api/calendar-api';
import { pushMessages, usePushReminders } from '../hooks/use-push-reminders';

function PushReminders() {
  const push = usePushReminders();
  const on = push.state === 'on';
  // A refused attempt leaves the state as it was: the switch's native checkbox, toggled by the click, must follow it.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current && !push.busy) input.current.checked = on;
  }, [on, push.busy, push.error]);
  return (
    <Stack gap={2}>
      <Switch.Root
        colorPalette="brand"
        checked={on}
        disabled={push.busy || push.state === 'checking' || push.state === 'unsupported'}
        onCheckedChange={(e) => void (e.checked ? push.enable() : push.disable())}
        alignItems="flex-start"
        data-testid="push-switch"
      >
        <Switch.HiddenInput ref={input} />
        <Switch.Control mt="0.5">
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>
          <Text as="span" display="block" fontWeight="medium">
            Push reminders on this device
          </Text>
          <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
            The evening before, when check-in opens and 5 minutes before it closes.
          </Text>
        </Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" role="status" data-testid="push-status" color={push.error ? 'fg.error' : 'fg.muted'}>
        {push.error ??
          (push.state === 'unsupported'
            ? pushMessages.unsupported
            : push.state === 'on'
              ? 'On: this device gets your reminders.'
              : push.state === 'off'
                ? 'Off on this device.'
                : '')}
      </Text>
    </Stack>
  );
}

function CalendarFeed() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = calendarFeedKey(user?.id ?? 'anonymous');
  const status = useQuery({ queryKey: key, queryFn: ({ signal }) => getCalendarFeed(signal), enabled: !!user });
  const [address, setAddress] = useState<CalendarFeedAddress | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const inputId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (made) => {
      setAddress(made);
      setCopied(null);
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: deleteCalendarFeed,
    onSuccess: () => {
      setAddress(null);
      setCopied(null);
      return refresh();
    },
  });
  const copy = async () => {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address.url);
      setCopied('Address copied.');
    } catch {
      setCopied('Copy did not work here: select the address and copy it.');
    }
  };
  const active = status.data?.active ?? false;
  const busy = create.isPending || revoke.isPending;
  const failure = create.error ?? revoke.error;

  return (
    <Stack gap={3} data-testid="calendar-feed">
      <Box>
        <Text fontWeight="medium">Calendar feed</Text>
        <Text fontSize="sm" color="fg.muted">
          Your mornings in your phone&apos;s calendar, each with an alarm at the wake-up time and 5 minutes before the window closes.
        </Text>
      </Box>
      {address ? (
        <Stack gap={2}>
          <Field.Root>
            <Field.Label htmlFor={inputId}>Your secret calendar address</Field.Label>
            <Input
              id={inputId}
              readOnly
              value={address.url}
              onFocus={(e) => e.currentTarget.select()}
              fontFamily="mono"
              fontSize="sm"
              data-testid="calendar-url"
            />
            <Field.HelperText>Anyone with this address can see your mornings: keep it to yourself. It is shown only now.</Field.HelperText>
          </Field.Root>
          <HStack gap={2} wrap="wrap">
            <Button size="sm" colorPalette="brand" onClick={() => void copy()}>
              Copy address
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={address.webcalUrl}>Open in calendar app</a>
            </Button>
          </HStack>
          {copied ? (
            <Text fontSize="sm" role="status">
              {copied}
            </Text>
          ) : null}
        </Stack>
      ) : active ? (
        <Text fontSize="sm">
          Your feed is on{status.data?.createdAt ? ` (since ${formatISTDate(status.data.createdAt)})` : ''}. Its address was shown when you made it; make a new
          one to see it again (the old address then stops working).
        </Text>
      ) : status.isPending ? (
        <Text fontSize="sm" color="fg.muted">
          Loading...
        </Text>
      ) : null}
      <Text fontSize="sm" color="fg.muted" data-testid="calendar-help">
        To add it to your phone&apos;s calendar: on iPhone tap &ldquo;Open in calendar app&rdquo;; on Android paste the address in Google Calendar on the web
        under{' '}
        <Link href="https://calendar.google.com/calendar/u/0/r/settings/addbyurl" target="_blank" rel="noreferrer" color="brand.fg">
          Other calendars › From URL
        </Link>
        .
      </Text>
      {failure ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(failure)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <HStack gap={2} wrap="wrap">
        <Button
          size="sm"
          variant={address ? 'outline' : 'solid'}
          colorPalette="brand"
          loading={create.isPending}
          disabled={busy}
          onClick={() => create.mutate()}
        >
          {active || address ? 'Make a new address' : 'Create calendar feed'}
        </Button>
        {active || address ? (
          <Button size="sm" variant="outline" colorPalette="red" loading={revoke.isPending} disabled={busy} onClick={() => revoke.mutate()}>
            Stop calendar feed
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

/** Settings › Reminders: Web Push on this device, and the calendar feed. */
export function RemindersSettings() {
  return (
    <Card.Root variant="outline" data-testid="reminders-settings">
      <Card.Header>
        <Heading as="h2" size="lg">
          Reminders
        </Heading>
      </Card.Header>
      <Card.Body gap={4}>
        <PushReminders />
        <Separator />
        <CalendarFeed />
      </Card.Body>
    </Card.Root>
  );
}
