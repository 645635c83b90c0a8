import { IsBoolean } from 'class-validator';

export class StillAwakeSettingDto {
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled!: boolean;
}
