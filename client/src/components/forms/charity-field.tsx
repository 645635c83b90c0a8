import { Field, NativeSelect } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useAppConfig } from '@/lib/config/use-app-config';

/**
 * POOL_MODE=pledge: nobody wins anyone's money; a miss's 15% goes to the charity picked here (the first listed until
 * the user picks). Shared by the challenge and the plan forms.
 */
export function useCharityChoice() {
  const config = useAppConfig().data;
  const pledge = config?.poolMode === 'pledge';
  const charities = config?.charities ?? [];
  const [charityId, setCharityId] = useState<string | null>(null);
  const charity = charities.find((c) => c.id === charityId) ?? charities[0];
  return { pledge, charities, charity, setCharityId };
}

export type CharityChoice = ReturnType<typeof useCharityChoice>;

/** "If you miss, donate to": shown only in pledge mode with charities configured. */
export function CharityField({ choice }: { choice: CharityChoice }) {
  const id = useId();
  const { pledge, charities, charity, setCharityId } = choice;
  if (!pledge || charities.length === 0) return null;
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>If you miss, donate to</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} value={charity?.id} onChange={(e) => setCharityId(e.currentTarget.value)}>
          {charities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
