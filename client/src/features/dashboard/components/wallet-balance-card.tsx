import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatINR } from '@/lib/format';

export interface WalletBalanceCardProps {
  balance?: number;
  loading?: boolean;
  failed?: boolean;
  onWithdraw: () => void;
  onAddFunds: () => void;
}

/** Wallet balance with Withdraw (to /withdraw) and Add Funds (modal). */
export function WalletBalanceCard({ balance, loading, failed, onWithdraw, onAddFunds }: WalletBalanceCardProps) {
  return (
    <Card.Root h="full">
      <Card.Header>
        <Heading as="h2" size="md">
          Wallet Balance
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap={4}>
          <Text fontSize="3xl" fontWeight="bold" data-testid="wallet-balance">
            {typeof balance === 'number' ? formatINR(balance) : loading ? 'Loading...' : failed ? 'Unavailable' : formatINR(0)}
          </Text>
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
