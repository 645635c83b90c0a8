import { Input, NativeSelect } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/lib/forms/form-field';

export type AboutYouField = 'dateOfBirth' | 'gender' | 'city' | 'occupation';

export interface AboutYouFieldsProps {
  /** The form's `register` (any form holding these four string fields). */
  register: (name: AboutYouField) => UseFormRegisterReturn;
  errors?: Partial<Record<AboutYouField, { message?: string } | undefined>>;
  /** Fields not marked required (the profile page lets date of birth and gender stay unset). */
  optional?: readonly AboutYouField[];
  /** The choices the server allows (the session's profile options). */
  genders: readonly string[];
  occupations: readonly { value: string; label: string }[];
}

/** The "about you" fields of the profile wizard and the profile page: date of birth, gender, city and occupation. */
export function AboutYouFields({ register, errors, optional = [], genders, occupations }: AboutYouFieldsProps) {
  const today = new Date().toISOString().slice(0, 10);
  const required = (name: AboutYouField) => !optional.includes(name);
  return (
    <>
      <FormField label="Date of birth" required={required('dateOfBirth')} error={errors?.dateOfBirth?.message}>
        <Input type="date" max={today} {...register('dateOfBirth')} />
      </FormField>
      <FormField label="Gender" required={required('gender')} error={errors?.gender?.message}>
        <NativeSelect.Root>
          <NativeSelect.Field placeholder="Select gender" {...register('gender')}>
            {genders.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="City" required={required('city')} error={errors?.city?.message}>
        <Input autoComplete="address-level2" {...register('city')} />
      </FormField>
      <FormField label="Occupation" required={required('occupation')} error={errors?.occupation?.message}>
        <NativeSelect.Root>
          <NativeSelect.Field placeholder="Select occupation" {...register('occupation')}>
            {occupations.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </>
  );
}
