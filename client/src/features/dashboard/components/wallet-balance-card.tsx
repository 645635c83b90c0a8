import { Button, Card, Heading, HStack, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LoadFailed } from '@/components/ui/load-failed';
import { formatINR } from '@/lib/money';

export interface WalletBalanceCardProps {
  balance?: number;
  /** The balance is the copy kept on the phone, fetched then ("as of 6:31 AM"); the service is not reachable. */
  asOf?: string;
  loading?: boolean;
  failed?: boolean;
  retrying?: boolean;
  onRetry?: () => unknown;
  onWithdraw: () => void;
  onAddFunds: () => void;
}

/** Wallet balance with Withdraw (to /withdraw) and Add Funds (modal). */
export function WalletBalanceCard({ balance, asOf, failed, retrying, onRetry, onWithdraw, onAddFunds }: WalletBalanceCardProps) {
  return (
    <Card.Root h="full" size={{ base: 'sm', md: 'md' }}>
      <Card.Header>
        <Heading as="h2" size="md">
          Wallet Balance
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap={4}>
          {typeof balance !== 'number' && failed ? (
            <LoadFailed message="We couldn't load your balance." onRetry={() => onRetry?.()} retrying={retrying} />
          ) : typeof balance === 'number' ? (
            <Stack gap={0}>
              <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" data-testid="wallet-balance">
                {formatINR(balance)}
              </Text>
              {asOf ? (
                <Text fontSize="sm" color="fg.muted" data-testid="wallet-balance-as-of">
                  {asOf}
                </Text>
              ) : null}
            </Stack>
          ) : (
            // the first load is the figure's shape, not a word
            <Skeleton h="9" w="32" aria-busy="true" data-testid="wallet-balance-loading">
              <VisuallyHidden>Loading your balance...</VisuallyHidden>
            </Skeleton>
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
