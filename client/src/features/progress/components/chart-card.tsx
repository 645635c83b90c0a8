import { Box, Button, Card, Flex, Heading } from '@chakra-ui/react';
import { useId, useState, type ReactNode, type Ref } from 'react';

/** A chart with a "Show as table" toggle: the same numbers in a real table for screen readers and anyone who prefers them. */
export function ChartCard({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap={3} wrap="wrap">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          <Button size="sm" variant="outline" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>{asTable ? <ScrollBox label={`${title} as a table`}>{table}</ScrollBox> : chart}</Card.Body>
    </Card.Root>
  );
}

/** A horizontally scrollable region a keyboard can reach (a wide table or grid on a phone). */
export function ScrollBox({ label, children, ref }: { label: string; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <Box ref={ref} overflowX="auto" tabIndex={0} role="region" aria-label={label} maxW="full" pb={1}>
      {children}
    </Box>
  );
}
