import { Button, Card, Heading, HStack } from '@chakra-ui/react';

/** Quick Actions: View Calendar and Analytics. */
export function QuickActions({ onCalendar, onAnalytics }: { onCalendar: () => void; onAnalytics: () => void }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Quick Actions
        </Heading>
      </Card.Header>
      <Card.Body>
        <HStack gap={3} wrap="wrap">
          <Button variant="outline" onClick={onCalendar}>
            View Calendar
          </Button>
          <Button variant="outline" onClick={onAnalytics}>
            Analytics
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
