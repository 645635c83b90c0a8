import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * One labelled form field: the label (with the required mark), the control, then its error (from the form's schema,
 * react-hook-form's `formState.errors[name]?.message`) or, while it has none, its helper text.
 */
export function FormField({
  label,
  required,
  error,
  invalid = !!error,
  helper,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  error?: string;
  /** Marked invalid without a message under it (the form says it elsewhere). */
  invalid?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root required={required} invalid={invalid}>
      <Field.Label>
        {label}
        {required ? (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
