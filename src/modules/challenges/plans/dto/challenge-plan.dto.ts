import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString } from 'class-validator';
import type { Mission, Proof } from '../../shared/domain/proof-rules.js';
import { MissionField, ProofField } from '../../shared/dto/proof-fields.js';

/** POST /challenge-plans: days is WEEKDAYS, WEEKENDS, EVERY_DAY or a list of ISO weekdays (1 Monday … 7 Sunday). */
export class CreateChallengePlanDto {
  @ApiProperty({
    oneOf: [
      { type: 'string', enum: ['WEEKDAYS', 'WEEKENDS', 'EVERY_DAY'] },
      { type: 'array', items: { type: 'integer', minimum: 1, maximum: 7 } },
    ],
  })
  @IsDefined({ message: 'days is required' })
  days!: string | number[];

  @ApiProperty({ example: '06:00' })
  @IsString({ message: 'wakeUpTime must be a time in the form HH:mm' })
  wakeUpTime!: string;

  @ApiProperty({ description: 'rupees', example: 50 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'forfeitAmount must be a number of rupees' })
  forfeitAmount!: number;

  @ApiPropertyOptional({ format: 'date' })
  @IsOptional()
  @IsString({ message: 'startDate must be a date in the form YYYY-MM-DD' })
  startDate?: string;

  @ApiPropertyOptional({ format: 'date' })
  @IsOptional()
  @IsString({ message: 'endDate must be a date in the form YYYY-MM-DD' })
  endDate?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'weeks must be a whole number' })
  weeks?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'charityId must be one of the charities listed by GET /api/v1/config' })
  charityId?: string;

  /** proof of wake, carried to every challenge the plan books */
  @ProofField()
  proof?: Proof;

  /** wake mission: a task the app sets before the check-in unlocks (NONE when absent) */
  @MissionField()
  mission?: Mission;
}
