import { Button, Field, Heading, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { PayoutMethod } from '../api/payout-methods-api';
import type { BankDetails } from '../api/wallet-api';
import { upiFormSchema, type UpiForm as UpiFormValues } from '../utils/withdraw-schema';
import { WithdrawBankForm } from './withdraw-bank-form';
import type { Method } from './withdraw-rules';
import { WithdrawSavedChoice, WithdrawSavedMethods } from './withdraw-saved-methods';

/** Step 3: a saved payout method, or the UPI ID / bank account typed in (each field checked as it is typed). */
export function WithdrawDetailsStep({
  method,
  upiId,
  bank,
  saved,
  onSaved,
  onUpi,
  onBank,
  onProblem,
  onContinue,
}: {
  method: Method | null;
  upiId: string;
  bank: BankDetails;
  saved: PayoutMethod | null;
  onSaved(saved: PayoutMethod | null): void;
  onUpi(upiId: string): void;
  onBank(details: BankDetails): void;
  onProblem(message: string | null): void;
  onContinue(): void;
}) {
  return (
    <Stack gap={4}>
      <Heading as="h2" size="lg">
        {method === 'UPI' ? 'UPI details' : 'Bank account details'}
      </Heading>
      {saved ? (
        <WithdrawSavedChoice saved={saved} onOther={() => onSaved(null)} onContinue={onContinue} />
      ) : (
        <>
          <WithdrawSavedMethods method={method} onUse={onSaved} />
          {method === 'UPI' ? <UpiForm upiId={upiId} onSubmit={onUpi} /> : <WithdrawBankForm bank={bank} onSubmit={onBank} onProblem={onProblem} />}
        </>
      )}
    </Stack>
  );
}

function UpiForm({ upiId, onSubmit }: { upiId: string; onSubmit(upiId: string): void }) {
  const { register, handleSubmit, formState } = useForm<UpiFormValues, unknown, { upiId: string }>({
    resolver: zodResolver(upiFormSchema),
    mode: 'onChange',
    defaultValues: { upiId },
  });
  const error = formState.errors.upiId?.message;
  return (
    <form onSubmit={handleSubmit((v) => onSubmit(v.upiId))} noValidate>
      <Stack gap={4}>
        <Field.Root required invalid={!!error}>
          <Field.Label>
            UPI ID
            <Field.RequiredIndicator />
          </Field.Label>
          <Input {...register('upiId')} placeholder="yourname@bank" autoComplete="off" />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" colorPalette="brand">
          Continue
        </Button>
      </Stack>
    </form>
  );
}
