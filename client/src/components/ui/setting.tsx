import { Card, Heading, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled section of the settings page (SPEC.md section 11); features add theirs with it. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body gap={4}>{children}</Card.Body>
    </Card.Root>
  );
}

/** A labelled on/off setting with an optional line of help under the label. */
export function SettingSwitch({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Switch.Root colorPalette="brand" checked={checked} disabled={disabled} onCheckedChange={(e) => onChange(e.checked)} alignItems="flex-start">
      <Switch.HiddenInput />
      <Switch.Control mt="0.5">
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>
        <Text as="span" display="block" fontWeight="medium">
          {label}
        </Text>
        {help ? (
          <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
            {help}
          </Text>
        ) : null}
      </Switch.Label>
    </Switch.Root>
  );
}
