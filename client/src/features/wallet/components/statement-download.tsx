import { Alert, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { formatISTDate, istDateString } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { downloadStatement } from '../api/wallet-api';

/** The statement's period: the dates chosen, else this month so far (IST). */
export function statementRange(from: string, to: string, today = istDateString()): { startDate: string; endDate: string } {
  const endDate = to || today;
  return { startDate: from || `${(to || today).slice(0, 8)}01`, endDate };
}

/** "Download statement (CSV)": opening balance, every line with its running balance, closing balance, for the dates chosen. */
export function StatementDownload({ from, to }: { from: string; to: string }) {
  const range = statementRange(from, to);
  // The server owns the longest period (a 400 with its reason shows below); only an inverted period is stopped here.
  const problem = range.startDate > range.endDate ? 'The start date must be on or before the end date.' : null;
  const download = useMutation({ mutationFn: downloadStatement, onSuccess: saveFile });

  return (
    <Stack gap={2} data-testid="statement-download">
      <Flex justify="space-between" align="center" wrap="wrap" gap={3}>
        <Text fontSize="sm" color="fg.muted">
          Statement for {formatISTDate(range.startDate)} – {formatISTDate(range.endDate)} (IST), with opening and closing balances.
        </Text>
        <Button size="sm" variant="outline" onClick={() => download.mutate(range)} loading={download.isPending} loadingText="Preparing…" disabled={!!problem}>
          Download statement (CSV)
        </Button>
      </Flex>
      {problem ? (
        <Text fontSize="sm" color="fg.error">
          {problem}
        </Text>
      ) : download.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{errorMessage(download.error, 'Could not download the statement. Please try again.')}</Alert.Title>
        </Alert.Root>
      ) : download.isSuccess ? (
        <Text role="status" fontSize="sm" color="fg.success">
          Saved {download.data.filename}.
        </Text>
      ) : null}
    </Stack>
  );
}
