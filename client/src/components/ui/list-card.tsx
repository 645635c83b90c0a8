import { Button, Card, Heading, HStack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

export interface ListCardProps {
  title: string;
  /** the heading's id, for a list inside labelled by it */
  headingId?: string;
  /** how many entries there are, and how many show until "View All" */
  count: number;
  limit: number;
  testId?: string;
  /** a line under the title (e.g. "Saved copy: amounts as of 6:31 AM") */
  note?: ReactNode;
  /** the body, given whether every entry is to show */
  children: (all: boolean) => ReactNode;
}

/** A card listing the first `limit` entries under its title, with "View All" / "Show Less" when there are more. */
export function ListCard({ title, headingId, count, limit, testId, note, children }: ListCardProps) {
  const [all, setAll] = useState(false);
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          {count > limit ? (
            <Button size="sm" variant="ghost" onClick={() => setAll((v) => !v)} aria-expanded={all}>
              {all ? 'Show Less' : 'View All'}
            </Button>
          ) : null}
        </HStack>
        {note}
      </Card.Header>
      <Card.Body>{children(all)}</Card.Body>
    </Card.Root>
  );
}
