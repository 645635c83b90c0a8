import { Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AppealsPanel } from './appeals-panel';
import { LedgerHealthPanel } from './ledger-health-panel';
import { OutagesPanel } from './outages-panel';
import { PayoutsPanel } from './payouts-panel';
import { QueuesPanel } from './queues-panel';
import { SettlementsPanel } from './settlements-panel';
import { UserPanel } from './user-panel';

/** Staff console (SUPPORT role): explain any rupee from the ledger itself. Read-only except an idempotent settlement re-run. */
export function SupportPage() {
  const [tab, setTab] = useState('users');
  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Support console
          </Heading>
          <Text color="fg.muted">Every look-up here is recorded (who looked at whom, and when).</Text>
        </Stack>
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount colorPalette="brand" variant="line">
          <Tabs.List>
            <Tabs.Trigger value="users">Users</Tabs.Trigger>
            <Tabs.Trigger value="settlements">Settlements</Tabs.Trigger>
            <Tabs.Trigger value="ledger">Ledger health</Tabs.Trigger>
            <Tabs.Trigger value="queues">Queues</Tabs.Trigger>
            <Tabs.Trigger value="payouts">Payouts</Tabs.Trigger>
            <Tabs.Trigger value="appeals">Appeals</Tabs.Trigger>
            <Tabs.Trigger value="outages">Outages</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="users">
            <UserPanel />
          </Tabs.Content>
          <Tabs.Content value="settlements">
            <SettlementsPanel />
          </Tabs.Content>
          <Tabs.Content value="ledger">
            <LedgerHealthPanel />
          </Tabs.Content>
          <Tabs.Content value="queues">
            <QueuesPanel />
          </Tabs.Content>
          <Tabs.Content value="payouts">
            <PayoutsPanel />
          </Tabs.Content>
          <Tabs.Content value="appeals">
            <AppealsPanel />
          </Tabs.Content>
          <Tabs.Content value="outages">
            <OutagesPanel />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}

export default SupportPage;
