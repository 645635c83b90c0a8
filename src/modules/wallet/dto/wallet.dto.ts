import { Type } from 'class-transformer';
import { Allow, IsDefined, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

const PROVIDER_ID = /^[A-Za-z0-9_]{1,64}$/;

/** amount is checked by the wallet rules (number, ≤ 2 decimals, bounds) so the message names the rule. */
export class DepositDto {
  @IsDefined({ message: 'amount is required' })
  amount: unknown;
}

export class VerifyPaymentDto {
  @IsOptional() @IsString() @Matches(PROVIDER_ID, { message: 'orderId is not a valid order id' })
  orderId?: string;
  @IsOptional() @IsString() @Matches(PROVIDER_ID, { message: 'paymentId is not a valid payment id' })
  paymentId?: string;
  @IsOptional() @IsString() @MaxLength(128)
  signature?: string;
  // Razorpay checkout's own names are accepted too.
  @IsOptional() @IsString() @Matches(PROVIDER_ID, { message: 'razorpay_order_id is not a valid order id' })
  razorpay_order_id?: string;
  @IsOptional() @IsString() @Matches(PROVIDER_ID, { message: 'razorpay_payment_id is not a valid payment id' })
  razorpay_payment_id?: string;
  @IsOptional() @IsString() @MaxLength(128)
  razorpay_signature?: string;
}

export class SandboxCheckoutDto {
  @IsString({ message: 'orderId is required' }) @Matches(PROVIDER_ID, { message: 'orderId is not a valid order id' })
  orderId: string;
}

export class BankDetailsDto {
  @IsOptional() @Allow() accountNumber?: unknown;
  @IsOptional() @Allow() ifscCode?: unknown;
  @IsOptional() @Allow() accountHolderName?: unknown;
  @IsOptional() @Allow() bankName?: unknown;
}

/** Checked by domain/withdrawal-rules.ts so every SPEC message comes back in one list. */
export class WithdrawDto {
  @Allow() amount?: unknown;
  @Allow() withdrawalMethod?: unknown;
  @Allow() upiId?: unknown;
  @IsOptional() @IsObject({ message: 'bankDetails must be an object' }) @ValidateNested() @Type(() => BankDetailsDto)
  bankDetails?: BankDetailsDto;
}
