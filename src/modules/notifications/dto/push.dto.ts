import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export class PushKeysDto {
  @IsString()
  @MaxLength(200)
  @Matches(BASE64URL, { message: 'keys.p256dh must be base64url' })
  p256dh!: string;

  @IsString()
  @MaxLength(100)
  @Matches(BASE64URL, { message: 'keys.auth must be base64url' })
  auth!: string;
}

/** A browser's PushSubscription as its toJSON() gives it. */
export class PushSubscriptionDto {
  @IsString()
  @MaxLength(2048)
  endpoint!: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PushKeysDto)
  keys!: PushKeysDto;

  @IsOptional()
  expirationTime?: number | null;
}

export class PushEndpointDto {
  // Only what a browser could have subscribed with: a removal of anything else is a mistake worth a 400, not a quiet 200.
  @IsString()
  @MaxLength(2048)
  @Matches(/^https:\/\/[^\s]+$/, { message: 'endpoint must be the https address of a push subscription' })
  endpoint!: string;
}
