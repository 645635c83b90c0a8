import { IsDefined, IsInt, IsNumber, IsOptional, IsString } from 'class-validator';

/** POST /challenge-plans: days is WEEKDAYS, WEEKENDS, EVERY_DAY or a list of ISO weekdays (1 Monday … 7 Sunday). */
export class CreateChallengePlanDto {
  @IsDefined({ message: 'days is required' })
  days!: string | number[];

  @IsString({ message: 'wakeUpTime must be a time in the form HH:mm' })
  wakeUpTime!: string;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'forfeitAmount must be a number of rupees' })
  forfeitAmount!: number;

  @IsOptional() @IsString({ message: 'startDate must be a date in the form YYYY-MM-DD' })
  startDate?: string;

  @IsOptional() @IsString({ message: 'endDate must be a date in the form YYYY-MM-DD' })
  endDate?: string;

  @IsOptional() @IsInt({ message: 'weeks must be a whole number' })
  weeks?: number;

  @IsOptional() @IsString({ message: 'charityId must be one of the charities listed by GET /api/v1/config' })
  charityId?: string;
}
