import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { BankDetails } from '../api/wallet-api';
import { useIfscLookup, type IfscStatus } from '../hooks/use-payout-methods';
import { bankFieldBlank, bankFormSchema, detailMessages, toBankDetails, type BankForm, type BankFormOutput } from '../utils/withdraw-schema';

/**
 * The bank account form (react-hook-form, zod schema): each field checked as it is typed, the IFSC uppercased and
 * looked up (the branch shows under it), the account number typed twice. A blank field on submit says SPEC.md's
 * 'Please fill in all bank details' (through `onProblem`).
 */
export function WithdrawBankForm({
  bank,
  onSubmit,
  onProblem,
}: {
  bank: BankDetails;
  onSubmit(details: BankDetails): void;
  onProblem(message: string | null): void;
}) {
  const form = useForm<BankForm, unknown, BankFormOutput>({
    resolver: zodResolver(bankFormSchema),
    mode: 'onChange',
    defaultValues: { ...bank, confirmAccountNumber: bank.accountNumber },
  });
  const { register, formState, handleSubmit, setError, setValue, watch, getValues } = form;
  const errors = formState.errors;
  const ifsc = watch('ifscCode').trim().toUpperCase();
  const bankName = watch('bankName');
  const lookup = useIfscLookup(ifsc);

  const valid = (values: BankFormOutput) => {
    if (lookup.kind === 'missing') {
      setError('ifscCode', { message: lookup.message }, { shouldFocus: true });
      return;
    }
    onProblem(null);
    onSubmit(toBankDetails(values));
  };
  const invalid = () => onProblem(bankFieldBlank(getValues()) ? detailMessages.bank : null);

  const ifscField = register('ifscCode');
  return (
    <form onSubmit={handleSubmit(valid, invalid)} noValidate>
      <Stack gap={4}>
        <BankField label="Account holder name" error={errors.accountHolderName?.message} input={register('accountHolderName')} autoComplete="name" />
        <BankField
          label="Account number"
          error={errors.accountNumber?.message}
          input={register('accountNumber', { deps: ['confirmAccountNumber'] })}
          inputMode="numeric"
        />
        <BankField label="Re-enter account number" error={errors.confirmAccountNumber?.message} input={register('confirmAccountNumber')} inputMode="numeric" />
        <BankField
          label="IFSC code"
          error={errors.ifscCode?.message ?? (lookup.kind === 'missing' ? lookup.message : undefined)}
          input={{
            ...ifscField,
            onChange: (e) => {
              e.target.value = e.target.value.toUpperCase();
              return ifscField.onChange(e);
            },
          }}
          maxLength={11}
          helper={<IfscHelp status={lookup} />}
        />
        {lookup.kind === 'found' && !bankName.trim() ? (
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setValue('bankName', lookup.branch.bank, { shouldValidate: true })}>
            Use {lookup.branch.bank} as the bank name
          </Button>
        ) : null}
        <BankField label="Bank name" error={errors.bankName?.message} input={register('bankName')} />
        <Button type="submit" colorPalette="brand">
          Continue
        </Button>
      </Stack>
    </form>
  );
}

function IfscHelp({ status }: { status: IfscStatus }) {
  if (status.kind === 'looking') return <Text as="span">Looking up the branch…</Text>;
  if (status.kind === 'found') {
    const b = status.branch;
    return (
      <Text as="span" data-testid="ifsc-branch">
        {b.bank}, {b.branch}
        {b.city ? `, ${b.city}` : ''}
      </Text>
    );
  }
  if (status.kind === 'unavailable') return <Text as="span">Could not look up the branch right now: check the IFSC and type the bank name.</Text>;
  return null;
}

function BankField({
  label,
  error,
  input,
  inputMode,
  autoComplete = 'off',
  maxLength,
  helper,
}: {
  label: string;
  error?: string;
  input: UseFormRegisterReturn;
  inputMode?: 'numeric';
  autoComplete?: string;
  maxLength?: number;
  helper?: React.ReactNode;
}) {
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...input} inputMode={inputMode} autoComplete={autoComplete} maxLength={maxLength} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      {helper ? <Field.HelperText aria-live="polite">{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}
