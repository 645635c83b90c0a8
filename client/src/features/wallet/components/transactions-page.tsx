import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed } from '@/components/ui/load-failed';
import { paths } from '@/config/paths';
import { formatISTDate, formatISTTime, istDateString } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { TRANSACTION_TYPE_WORDS, transactionTitle, withdrawalBreakdown } from '@/lib/money-words';
import { statusWord } from '@/lib/status-words';
import type { Transaction } from '../api/wallet-api';
import { TRANSACTIONS_PAGE_SIZE, useBalance, useRefreshWallet, useTransactions } from '../hooks/use-wallet';
import { StatementDownload } from './statement-download';

// The modal's code (and Razorpay's loader) loads only when someone adds funds.
const AddFundsModal = lazy(() => import('./add-funds-modal'));

/** The filter's words per type (lib/money-words.ts, the one vocabulary). */
export const TYPE_LABELS: Record<string, string> = TRANSACTION_TYPE_WORDS;

const DEBIT_TYPES = new Set(['WITHDRAWAL', 'FORFEIT']);

/** Debits (explicit flag, or WITHDRAWAL/FORFEIT) are negative. */
export function signedAmount(tx: Pick<Transaction, 'type' | 'amount'> & Partial<Transaction>): number {
  const abs = Math.abs(Number(tx.amount) || 0);
  const debit = tx.debit ?? (tx.credit === undefined ? DEBIT_TYPES.has(String(tx.type).toUpperCase()) : !tx.credit);
  return debit ? -abs : abs;
}

/** "+₹500" / "−₹100" (a real minus sign for screen readers and typography). */
export function formatSigned(n: number): string {
  return `${n < 0 ? '−' : '+'}${formatINR(Math.abs(n))}`;
}

export function statusPalette(status?: string): string {
  switch ((status ?? '').toUpperCase()) {
    case 'SUCCESS':
      return 'green';
    case 'FAILED':
      return 'red';
    case 'PENDING':
      return 'yellow';
    default:
      return 'gray';
  }
}

export function TransactionsPage() {
  const [type, setType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const rangeError = from && to && from > to ? 'The start date must be on or before the end date.' : null;
  const balance = useBalance();
  // A backwards range filters by type only until it is fixed (the message says why).
  const transactions = useTransactions(rangeError ? { type } : { type, startDate: from, endDate: to }, page);
  const refreshWallet = useRefreshWallet();
  const [refreshing, setRefreshing] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const today = istDateString();

  const onRefresh = async () => {
    setRefreshing(true);
    try {
      await refreshWallet();
    } finally {
      setRefreshing(false);
    }
  };
  // A new filter starts again at the first page.
  const filter = (set: (v: string) => void) => (value: string) => {
    set(value);
    setPage(0);
  };

  const list = transactions.data?.transactions ?? [];
  const total = transactions.data?.total;
  const filtered = !!(type || from || to);
  const first = page * TRANSACTIONS_PAGE_SIZE;
  const hasNext = total !== undefined ? first + list.length < total : list.length === TRANSACTIONS_PAGE_SIZE;

  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Flex justify="space-between" align="center" wrap="wrap" gap={3}>
          <Heading as="h1" size="2xl">
            Transactions
          </Heading>
          <HStack gap={2}>
            <Button colorPalette="brand" size="sm" onClick={() => setAddOpen(true)}>
              Add Funds
            </Button>
            <Button asChild variant="outline" size="sm">
              <RouterLink to={paths.withdraw}>Withdraw</RouterLink>
            </Button>
          </HStack>
        </Flex>

        <Card.Root>
          <Card.Body>
            <Flex justify="space-between" align="center" wrap="wrap" gap={3}>
              <Box>
                <Text color="fg.muted" fontSize="sm">
                  Current balance
                </Text>
                {balance.isPending ? (
                  // the first load is the figure's shape, not ₹0
                  <Skeleton h="9" w="32" aria-busy="true">
                    <VisuallyHidden>Loading your balance...</VisuallyHidden>
                  </Skeleton>
                ) : (
                  <Text fontSize="3xl" fontWeight="bold" data-testid="wallet-balance">
                    {formatINR(balance.data)}
                  </Text>
                )}
              </Box>
              <Button variant="outline" onClick={() => void onRefresh()} loading={refreshing} loadingText="Refreshing...">
                Refresh
              </Button>
            </Flex>
          </Card.Body>
        </Card.Root>

        <Stack gap={3}>
          <Heading as="h2" size="lg">
            Recent transactions
          </Heading>
          <Flex align="end" wrap="wrap" gap={3}>
            <Field.Root maxW={{ base: 'full', sm: '52' }}>
              <Field.Label>Type</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={type} onChange={(e) => filter(setType)(e.currentTarget.value)}>
                  <option value="">All types</option>
                  {Object.entries(TYPE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root maxW={{ base: 'full', sm: '44' }} invalid={!!rangeError}>
              <Field.Label>From</Field.Label>
              <Input size="sm" type="date" max={to || today} value={from} onChange={(e) => filter(setFrom)(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root maxW={{ base: 'full', sm: '44' }} invalid={!!rangeError}>
              <Field.Label>To</Field.Label>
              <Input size="sm" type="date" min={from || undefined} max={today} value={to} onChange={(e) => filter(setTo)(e.currentTarget.value)} />
            </Field.Root>
            {from || to ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setFrom('');
                  setTo('');
                  setPage(0);
                }}
              >
                Clear dates
              </Button>
            ) : null}
          </Flex>
          {rangeError ? (
            <Text fontSize="sm" color="fg.error" role="alert">
              {rangeError}
            </Text>
          ) : null}
          <StatementDownload from={rangeError ? '' : from} to={rangeError ? '' : to} />
        </Stack>

        {transactions.isPending ? (
          <Stack gap={3} aria-busy="true">
            <Text color="fg.muted" role="status">
              Loading transactions...
            </Text>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="20" rounded="lg" />
            ))}
          </Stack>
        ) : transactions.isError && !transactions.data ? (
          <LoadFailed message="Failed to load transactions" onRetry={() => transactions.refetch()} retrying={transactions.isFetching} />
        ) : list.length === 0 ? (
          <Text color="fg.muted">{filtered ? 'No transactions match these filters.' : 'No transactions yet.'}</Text>
        ) : (
          <Stack gap={4}>
            <Stack
              as="ul"
              gap={3}
              listStyleType="none"
              aria-label="Transactions"
              opacity={transactions.isPlaceholderData ? 0.6 : 1}
              aria-busy={transactions.isPlaceholderData}
            >
              {list.map((tx) => (
                <TransactionItem key={`${tx.id}-${tx.type}`} tx={tx} />
              ))}
            </Stack>
            {page > 0 || hasNext ? (
              <Flex as="nav" aria-label="Transaction pages" justify="space-between" align="center" wrap="wrap" gap={3}>
                <Text fontSize="sm" color="fg.muted" data-testid="transactions-range">
                  {first + 1}–{first + list.length}
                  {total !== undefined ? ` of ${total}` : ''}
                </Text>
                <HStack gap={2}>
                  <Button size="sm" variant="outline" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0 || transactions.isFetching}>
                    Previous
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setPage((p) => p + 1)} disabled={!hasNext || transactions.isFetching}>
                    Next
                  </Button>
                </HStack>
              </Flex>
            ) : null}
          </Stack>
        )}
      </Stack>
      {addOpen ? (
        <Suspense fallback={null}>
          <AddFundsModal open={addOpen} onClose={() => setAddOpen(false)} />
        </Suspense>
      ) : null}
    </Container>
  );
}

export function TransactionItem({ tx }: { tx: Transaction }) {
  const amount = signedAmount(tx);
  const when = tx.timestamp ?? tx.createdAt;
  const label = transactionTitle(tx);
  const breakdown = withdrawalBreakdown(tx);
  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="lg" p={4} data-testid="transaction">
      <Flex justify="space-between" gap={4} wrap="wrap">
        <Stack gap={1} minW={0}>
          <Text fontWeight="semibold">{label}</Text>
          {tx.description && tx.description !== label ? (
            <Text fontSize="sm" color="fg.muted">
              {tx.description}
            </Text>
          ) : null}
          {breakdown ? (
            <Text fontSize="sm" data-testid="withdrawal-breakdown">
              {breakdown}
            </Text>
          ) : null}
          {when ? (
            <Text fontSize="sm" color="fg.muted">
              {formatISTDate(when)} · {formatISTTime(when)} IST
            </Text>
          ) : null}
          {tx.reference ? (
            <Text fontSize="xs" color="fg.muted" fontFamily="mono" wordBreak="break-all">
              Ref: {tx.reference}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={1} align="end">
          <Text fontWeight="bold" fontSize="lg" color={amount < 0 ? 'fg.error' : 'fg.success'} data-testid="transaction-amount">
            {formatSigned(amount)}
          </Text>
          {tx.status ? (
            <Badge colorPalette={statusPalette(tx.status)} variant="subtle" data-status={tx.status}>
              {statusWord(tx.status)}
            </Badge>
          ) : null}
        </Stack>
      </Flex>
    </Box>
  );
}

export default TransactionsPage;
