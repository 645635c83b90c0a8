import { IsBoolean, IsString } from 'class-validator';

export class BookLeaveDto {
  @IsString({ message: 'date must be a date in the form YYYY-MM-DD' })
  date!: string;
}

export class StillAwakeSettingDto {
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}
