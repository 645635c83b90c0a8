import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { downloadMyData, saveFile, type ExportFormat } from '../api/export-api';

/** "Download my data": the user's copy of what WakeStake holds about them (DPDP Act 2023), as JSON or CSV files. */
export function DataExport() {
  const download = useMutation({
    mutationFn: (format: ExportFormat) => downloadMyData(format),
    onSuccess: saveFile,
  });
  const busy = (format: ExportFormat) => download.isPending && download.variables === format;
  return (
    <Stack gap={4} data-testid="data-export">
      <Text color="fg.muted">
        Under India&rsquo;s Digital Personal Data Protection Act, 2023 you may have a copy of the personal data we hold about you. The download holds your
        profile, every challenge, every wallet ledger line with its running balance, and your notifications. JSON is one file for programs; CSV is a zip of four
        spreadsheets. Keep it safe: it includes your contact and payment details.
      </Text>
      <HStack gap={3} wrap="wrap">
        <Button colorPalette="brand" onClick={() => download.mutate('json')} loading={busy('json')} loadingText="Preparing…" disabled={download.isPending}>
          Download my data (JSON)
        </Button>
        <Button variant="outline" onClick={() => download.mutate('csv')} loading={busy('csv')} loadingText="Preparing…" disabled={download.isPending}>
          Download my data (CSV)
        </Button>
      </HStack>
      {download.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(download.error, 'Could not download your data. Please try again.')}</Alert.Title>
        </Alert.Root>
      ) : download.isSuccess ? (
        <Box>
          <Text role="status" fontSize="sm" color="fg.success">
            Saved {download.data.filename}.
          </Text>
        </Box>
      ) : null}
    </Stack>
  );
}
