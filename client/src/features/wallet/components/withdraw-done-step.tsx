import { Alert, Badge, Button, DataList, Heading, HStack, Stack } from '@chakra-ui/react';
import { formatINR } from '@/lib/money';
import { statusWord } from '@/lib/status-words';
import type { WithdrawalResult } from '../api/wallet-api';
import { withdrawMessages } from './withdraw-rules';
import { WithdrawRow as Row } from './withdraw-row';

/** Step 5: the server's receipt of the request, and the ways on. */
export function WithdrawDoneStep({ result, onDashboard, onAgain }: { result: WithdrawalResult; onDashboard(): void; onAgain(): void }) {
  return (
    <Stack gap={4}>
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Title>{withdrawMessages.success}</Alert.Title>
      </Alert.Root>
      <Heading as="h2" size="lg">
        Withdrawal details
      </Heading>
      <DataList.Root orientation="horizontal">
        <Row label="Transaction ID" value={result.transactionId} mono />
        <Row label="Amount" value={formatINR(result.amount)} />
        <Row label="Processing fee" value={formatINR(result.processingFee)} />
        <Row label="Net amount" value={formatINR(result.netAmount)} strong />
        <DataList.Item>
          <DataList.ItemLabel>Status</DataList.ItemLabel>
          <DataList.ItemValue>
            <Badge colorPalette={result.status === 'FAILED' ? 'red' : result.status === 'SUCCESS' ? 'green' : 'gray'}>{statusWord(result.status)}</Badge>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <HStack gap={3} wrap="wrap">
        <Button colorPalette="brand" onClick={onDashboard}>
          Back to Dashboard
        </Button>
        <Button variant="outline" onClick={onAgain}>
          Make Another Withdrawal
        </Button>
      </HStack>
    </Stack>
  );
}
