import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, ValidateIf } from 'class-validator';

/** PUT /me/limits: the monthly stake cap in whole rupees, or null for none. */
export class SetStakeCapDto {
  @ApiProperty({ type: 'number', nullable: true, example: 500, description: 'rupees, ₹10 to ₹3,100; null: no cap' })
  @ValidateIf((o: SetStakeCapDto) => o.monthlyStakeCap !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'monthlyStakeCap must be a number of rupees, or null for no cap' })
  monthlyStakeCap!: number | null;
}

/** POST /me/limits/pause: a cooling-off pause of 7 or 30 days. */
export class StartPauseDto {
  @ApiProperty({ enum: [7, 30], example: 7 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'days must be one of 7, 30' })
  days!: number;
}
