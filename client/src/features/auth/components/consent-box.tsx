import { Checkbox, Field, Link } from '@chakra-ui/react';
import { paths } from '@/config/paths';

/** The sign-up form's consent: 18 or older, and the terms and privacy policy (each opens in a new tab, the form stays). */
export function ConsentBox({ checked, onChange, error }: { checked: boolean; onChange: (checked: boolean) => void; error?: string | null }) {
  const page = (to: string, label: string) => (
    <Link href={to} target="_blank" rel="noopener" color="brand.fg" fontWeight="medium" textDecoration="underline">
      {label}
    </Link>
  );
  return (
    <Field.Root required invalid={!!error}>
      <Checkbox.Root colorPalette="brand" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} alignItems="flex-start">
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">
          I am 18 or older and accept the {page(paths.terms, 'Terms of use')} and {page(paths.privacy, 'Privacy policy')}
        </Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
