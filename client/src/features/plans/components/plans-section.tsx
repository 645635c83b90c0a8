import { Card, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { PlanForm } from './plan-form';
import { PlansList } from './plans-list';

/** /challenge#plans: repeat a challenge (a plan) and manage the plans. */
export function PlansSection() {
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  // the dashboard's "Manage plans" links to /challenge#plans: the router does not scroll to fragments itself
  useEffect(() => {
    if (hash === '#plans') ref.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <Card.Root id="plans" ref={ref} data-testid="plans-section" scrollMarginTop="5rem">
      <Card.Header>
        <Heading as="h2" size="lg">
          Repeat: challenge plans
        </Heading>
        <Text color="fg.muted" fontSize="sm" mt={1}>
          Set it once: a plan books each of its mornings for you, from your wallet at 8 PM the evening before.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap={6}>
          <PlanForm />
          <Separator />
          <Stack gap={3}>
            <Heading as="h3" size="md">
              Your plans
            </Heading>
            <PlansList />
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
