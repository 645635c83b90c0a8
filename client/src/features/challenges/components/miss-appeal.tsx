import { Alert, Badge, Box, Button, Field, HStack, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { CameraCapture } from '@/components/ui/camera-capture';
import { LoadFailed } from '@/components/ui/load-failed';
import { FormStack } from '@/components/forms/form-stack';
import { errorMessage } from '@/lib/api-client';
import { formatISTDateTime } from '@/lib/format';
import { APPEAL_PHOTO_MAX_BYTES, APPEAL_REASON_MAX, APPEAL_REASON_MIN, APPEAL_WINDOW_HOURS, type Appeal } from '../api/appeals-api';
import type { Challenge } from '../api/types';
import { useAppeal, useFileAppeal } from '../hooks/use-appeal';

export const appealMessages = {
  reasonRequired: 'Tell us what happened',
  reasonShort: `Say what happened in at least ${APPEAL_REASON_MIN} characters`,
  loadFailed: "We couldn't load the dispute of this miss.",
  sendFailed: 'Could not send your dispute. Please try again.',
  photoTooLarge: 'The photo must be at most 5 MB',
} as const;

/** When a miss can no longer be disputed: 48 h after its check-in window closed (ms), or null when unknown. */
export function appealDeadline(c: Partial<Pick<Challenge, 'windowClosesAt' | 'gracePeriodEndTime'>>): number | null {
  const closes = c.windowClosesAt ? Date.parse(c.windowClosesAt) : c.gracePeriodEndTime ? Date.parse(c.gracePeriodEndTime) + 60_000 : NaN;
  return Number.isFinite(closes) ? closes + APPEAL_WINDOW_HOURS * 3_600_000 : null;
}

/** A miss the server may take a dispute of: closed as missed (settled or not). */
export function isMiss(c: Pick<Challenge, 'isSuccessful' | 'status'>): boolean {
  return c.isSuccessful === false && (c.status === 'COMPLETED' || c.status === 'PROCESSED');
}

/**
 * A missed morning's dispute: its state once filed (Open, Refunded, Upheld with support's note), else "Dispute this miss"
 * while the 48 hours run. `label` names the morning for screen readers ("14 Jan 2026").
 */
export function MissAppeal({ challengeId, deadline, label, now = Date.now() }: { challengeId: string; deadline: number | null; label: string; now?: number }) {
  const appeal = useAppeal(challengeId);
  const [open, setOpen] = useState(false);

  if (appeal.isPending) {
    return (
      <Box role="status" aria-label={`Checking for a dispute of ${label}`} data-testid="appeal-loading">
        <Skeleton height="6" width="40" rounded="md" />
      </Box>
    );
  }
  if (appeal.isError) {
    return <LoadFailed message={appealMessages.loadFailed} onRetry={() => appeal.refetch()} retrying={appeal.isFetching} />;
  }
  if (appeal.data) return <AppealState appeal={appeal.data} />;
  if (deadline === null || now > deadline) return null;
  if (!open) {
    return (
      <Box>
        <Button size="xs" variant="outline" colorPalette="gray" onClick={() => setOpen(true)} aria-label={`Dispute this miss of ${label}`}>
          Dispute this miss
        </Button>
      </Box>
    );
  }
  return <AppealForm challengeId={challengeId} deadline={deadline} label={label} onCancel={() => setOpen(false)} />;
}

const STATE: Record<Appeal['status'], { badge: string; palette: string; text: (a: Appeal) => string }> = {
  OPEN: {
    badge: 'Dispute open',
    palette: 'yellow',
    text: () => 'Support is looking into it and will answer here. If we got it wrong, the forfeit comes back to your wallet.',
  },
  REFUNDED: { badge: 'Dispute refunded', palette: 'green', text: (a) => `Support agreed and refunded your forfeit: ${a.decisionNote ?? ''}` },
  UPHELD: { badge: 'Dispute upheld', palette: 'red', text: (a) => `Support upheld the miss: ${a.decisionNote ?? ''}` },
};

function AppealState({ appeal }: { appeal: Appeal }) {
  const s = STATE[appeal.status] ?? STATE.OPEN;
  return (
    <Stack gap={1} data-testid="appeal-state" data-status={appeal.status}>
      <HStack gap={2} wrap="wrap">
        <Badge colorPalette={s.palette} variant="subtle">
          {s.badge}
        </Badge>
        <Text fontSize="xs" color="fg.muted">
          filed {formatISTDateTime(appeal.createdAt)} IST{appeal.hasPhoto ? ', with a photo' : ''}
        </Text>
      </HStack>
      <Text fontSize="sm">{s.text(appeal)}</Text>
    </Stack>
  );
}

export function AppealForm({ challengeId, deadline, label, onCancel }: { challengeId: string; deadline: number; label: string; onCancel: () => void }) {
  const send = useFileAppeal(challengeId);
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const photoProblem = photo && photo.size > APPEAL_PHOTO_MAX_BYTES ? appealMessages.photoTooLarge : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    const p = !text ? appealMessages.reasonRequired : text.length < APPEAL_REASON_MIN ? appealMessages.reasonShort : null;
    setProblem(p);
    if (!p && !photoProblem) send.mutate({ reason: text, photo });
  };

  return (
    <FormStack
      gap={3}
      onSubmit={onSubmit}
      noValidate
      aria-label={`Dispute the miss of ${label}`}
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      p={3}
      data-testid="appeal-form"
    >
      <Field.Root required invalid={!!problem}>
        <Field.Label>
          What happened? <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={APPEAL_REASON_MAX}
          rows={3}
          placeholder="e.g. The app showed an error when I checked in at 05:50."
        />
        {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : null}
        <Field.HelperText>
          Until {formatISTDateTime(deadline)} IST. Support reads every dispute and answers here; if we got it wrong, your forfeit comes back.
        </Field.HelperText>
      </Field.Root>
      <CameraCapture
        label="Photo (optional, JPEG or PNG up to 5 MB)"
        value={photo}
        onChange={setPhoto}
        error={photoProblem}
        helper="A screenshot of an error, say."
        disabled={send.isPending}
      />
      {send.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(send.error, appealMessages.sendFailed)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <HStack gap={2}>
        <Button type="submit" size="sm" colorPalette="brand" loading={send.isPending} loadingText="Sending…">
          Send dispute
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={send.isPending}>
          Cancel
        </Button>
      </HStack>
    </FormStack>
  );
}
