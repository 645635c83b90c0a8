import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsDefined, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

const PROVIDER_ID = /^[A-Za-z0-9_]{1,64}$/;

/** amount is checked by the wallet rules (number, ≤ 2 decimals, bounds) so the message names the rule. */
export class DepositDto {
  @ApiProperty({ type: 'number', description: 'rupees, at most 2 decimals', example: 500 })
  @IsDefined({ message: 'amount is required' })
  amount: unknown;
}

export class VerifyPaymentDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(PROVIDER_ID, { message: 'orderId is not a valid order id' })
  orderId?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(PROVIDER_ID, { message: 'paymentId is not a valid payment id' })
  paymentId?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(128)
  signature?: string;
  // Razorpay checkout's own names are accepted too.
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(PROVIDER_ID, { message: 'razorpay_order_id is not a valid order id' })
  razorpay_order_id?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(PROVIDER_ID, { message: 'razorpay_payment_id is not a valid payment id' })
  razorpay_payment_id?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(128)
  razorpay_signature?: string;
}

export class SandboxCheckoutDto {
  @ApiProperty()
  @IsString({ message: 'orderId is required' })
  @Matches(PROVIDER_ID, { message: 'orderId is not a valid order id' })
  orderId: string;
}

export class BankDetailsDto {
  @ApiPropertyOptional({ type: 'string' }) @IsOptional() @Allow() accountNumber?: unknown;
  @ApiPropertyOptional({ type: 'string' }) @IsOptional() @Allow() ifscCode?: unknown;
  @ApiPropertyOptional({ type: 'string' }) @IsOptional() @Allow() accountHolderName?: unknown;
  @ApiPropertyOptional({ type: 'string' }) @IsOptional() @Allow() bankName?: unknown;
}

/** Checked by domain/withdrawal-rules.ts so every SPEC message comes back in one list. */
export class WithdrawDto {
  @ApiProperty({ type: 'number', description: 'rupees, at most 2 decimals', example: 500 }) @Allow() amount?: unknown;
  @ApiPropertyOptional({ enum: ['UPI', 'BANK_TRANSFER'] }) @Allow() withdrawalMethod?: unknown;
  @ApiPropertyOptional({ type: 'string' }) @Allow() upiId?: unknown;
  @ApiPropertyOptional({ type: () => BankDetailsDto })
  @IsOptional()
  @IsObject({ message: 'bankDetails must be an object' })
  @ValidateNested()
  @Type(() => BankDetailsDto)
  bankDetails?: BankDetailsDto;
  @ApiPropertyOptional({ type: 'string', format: 'uuid', description: 'a saved payout method (GET /wallet/payout-methods) instead of upiId or bankDetails' })
  @Allow()
  payoutMethodId?: unknown;
}
