import { Field, Link, NativeSelect } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useId } from 'react';
import { missionWords, type Mission } from '@/lib/missions';

/** An optional wake mission, chosen when staking (the create-challenge form and the plan form). */
export function MissionChoice({ value, onChange, disabled }: { value: Mission; onChange: (m: Mission) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>Wake-up mission (optional)</Field.Label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Mission)}>
          <option value="NONE">None</option>
          {(Object.keys(missionWords) as Exclude<Mission, 'NONE'>[]).map((m) => (
            <option key={m} value={m}>
              {missionWords[m].title} — {missionWords[m].detail}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>
        A task before Check In unlocks, to get you out of bed. The camera is asked for only on a wake-tag morning.
        {value === 'WAKE_TAG' ? (
          <>
            {' '}
            <Link asChild color="brand.fg">
              <RouterLink to={paths.wakeTag}>Print your wake tag</RouterLink>
            </Link>
          </>
        ) : null}
      </Field.HelperText>
    </Field.Root>
  );
}
