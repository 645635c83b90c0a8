import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsNumber, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import type { Mission, Proof } from '../../shared/domain/proof-rules.js';
import { MissionField, ProofField } from '../../shared/dto/proof-fields.js';

export class CreateChallengeDto {
  @ApiProperty({ format: 'date', example: '2026-11-23' })
  @IsDefined({ message: 'challengeDate is required' })
  @IsString({ message: 'challengeDate must be a date in the form YYYY-MM-DD' })
  challengeDate!: string;

  @ApiProperty({ example: '06:00' })
  @IsDefined({ message: 'wakeUpTime is required' })
  @IsString({ message: 'wakeUpTime must be a time in the form HH:mm' })
  wakeUpTime!: string;

  @ApiProperty({ description: 'rupees', example: 50 })
  @IsDefined({ message: 'forfeitAmount is required' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'forfeitAmount must be a number of rupees' })
  forfeitAmount!: number;

  /** pledge mode: the charity (from GET /config) a miss's forfeit goes to; default the operator's first */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'charityId must be one of the charities listed by GET /api/v1/config' })
  charityId?: string;

  /** proof of wake: NONE (default) or PHOTO (the check-in needs a new photo; a pool of its own) */
  @ProofField()
  proof?: Proof;

  /** wake mission: a task the app sets before the check-in unlocks (NONE when absent) */
  @MissionField()
  mission?: Mission;
}

export class CreateTestChallengeDto {
  @IsOptional()
  @IsString({ message: 'challengeDate must be a date in the form YYYY-MM-DD' })
  challengeDate?: string;

  @IsOptional()
  @IsString({ message: 'wakeUpTime must be a time in the form HH:mm' })
  wakeUpTime?: string;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'forfeitAmount must be a number of rupees' })
  forfeitAmount?: number;

  @IsOptional()
  @IsIn(['PENDING', 'COMPLETED', 'FAILED'], { message: 'status must be one of PENDING, COMPLETED, FAILED' })
  status?: 'PENDING' | 'COMPLETED' | 'FAILED';

  /** proof of wake: NONE (default) or PHOTO (the check-in needs a new photo; a pool of its own) */
  @ProofField(false)
  proof?: Proof;
}

export class VerifyChallengeDto {
  @IsDefined({ message: 'challengeId is required' })
  @IsUUID('all', { message: 'challengeId must be a challenge id (UUID)' })
  challengeId!: string;

  @IsDefined({ message: 'verificationMethod is required' })
  @IsIn(['MANUAL', 'PHOTO'], { message: 'verificationMethod must be MANUAL or PHOTO' })
  verificationMethod!: 'MANUAL' | 'PHOTO';

  @IsOptional()
  @IsString({ message: 'checkInLocation must be text' })
  @MaxLength(200, { message: 'checkInLocation must be at most 200 characters' })
  checkInLocation?: string;

  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(500, { message: 'notes must be at most 500 characters' })
  notes?: string;
}

const PAGE_MESSAGE = 'page must be a whole number from 0';
const SIZE_MESSAGE = 'size must be a whole number from 1 to 100';

export class PageQueryDto {
  @IsOptional()
  @Matches(/^\d{1,6}$/, { message: PAGE_MESSAGE })
  page?: string;

  @IsOptional()
  @Matches(/^(100|[1-9]\d?)$/, { message: SIZE_MESSAGE })
  size?: string;
}

export class CanCreateQueryDto {
  @IsDefined({ message: 'date is required (YYYY-MM-DD)' })
  @IsString({ message: 'date must be a date in the form YYYY-MM-DD' })
  date!: string;
}

export class StreakStatisticsQueryDto {
  @IsOptional()
  @IsString({ message: 'startDate must be a date in the form YYYY-MM-DD' })
  startDate?: string;

  @IsOptional()
  @IsString({ message: 'endDate must be a date in the form YYYY-MM-DD' })
  endDate?: string;
}
