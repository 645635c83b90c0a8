import type { BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldPath, FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import type { z } from './schema';

/** The schema's first message for each field, as react-hook-form's errors. */
export function schemaErrors<F extends FieldValues>(schema: z.ZodMiniType, values: F): FieldErrors<F> | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join('.');
    if (!(name in errors)) errors[name] = { type: issue.code, message: issue.message };
  }
  return errors as FieldErrors<F>;
}

/**
 * react-hook-form's handleSubmit, with the schema's errors put on the fields in the submit event itself: the resolver
 * answers a tick later, and a person (or a test) reading the form straight after the click sees them at once. The
 * resolver's own check then runs as usual (the same errors; the fields re-checked as they are typed from then on).
 */
export function submitNow<F extends FieldValues, O>(
  form: Pick<UseFormReturn<F, unknown, O>, 'handleSubmit' | 'getValues' | 'setError'>,
  schema: z.ZodMiniType,
  onValid: SubmitHandler<O>,
  onInvalid?: SubmitErrorHandler<F>,
) {
  const submit = form.handleSubmit(onValid, onInvalid);
  return (event?: BaseSyntheticEvent) => {
    const errors = schemaErrors(schema, form.getValues());
    if (errors) {
      for (const [name, error] of Object.entries(errors)) form.setError(name as FieldPath<F>, error as { type: string; message: string });
      void onInvalid?.(errors);
    }
    return submit(event);
  };
}

/**
 * Checks some fields now (a wizard's step): each named field gets the schema's message or loses its old one. True when
 * none of them has a problem.
 */
export function checkNow<F extends FieldValues>(
  form: Pick<UseFormReturn<F, unknown, unknown>, 'getValues' | 'setError' | 'clearErrors'>,
  schema: z.ZodMiniType,
  names: readonly FieldPath<F>[],
): boolean {
  const errors = (schemaErrors(schema, form.getValues()) ?? {}) as Record<string, { type: string; message: string } | undefined>;
  let ok = true;
  for (const name of names) {
    const error = errors[name];
    if (error) {
      ok = false;
      form.setError(name, error);
    } else form.clearErrors(name);
  }
  return ok;
}
