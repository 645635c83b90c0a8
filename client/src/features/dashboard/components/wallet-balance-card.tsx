import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatINR } from '@/lib/format';

export interface WalletBalanceCardProps {
  balance?: number;
  loading?: boolean;
  failed?: boolean;
  retrying?: boolean;
  onRetry?: () => unknown;
  onWithdraw: () => void;
  onAddFunds: () => void;
}

/** Wallet balance with Withdraw (to /withdraw) and Add Funds (modal). */
export function WalletBalanceCard({ balance, failed, retrying, onRetry, onWithdraw, onAddFunds }: WalletBalanceCardProps) {
  return (
    <Card.Root h="full">
      <Card.Header>
        <Heading as="h2" size="md">
          Wallet Balance
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap={4}>
          {typeof balance !== 'number' && failed ? (
            <LoadFailed message="We couldn't load your balance." onRetry={() => onRetry?.()} retrying={retrying} />
          ) : (
            <Text fontSize="3xl" fontWeight="bold" data-testid="wallet-balance">
              {typeof balance === 'number' ? formatINR(balance) : 'Loading...'}
            </Text>
          )}
          <HStack gap={3} wrap="wrap">
            <Button variant="outline" onClick={onWithdraw}>
              Withdraw
            </Button>
            <Button colorPalette="brand" onClick={onAddFunds}>
              Add Funds
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
