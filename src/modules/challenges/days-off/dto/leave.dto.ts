import { IsString } from 'class-validator';

export class BookLeaveDto {
  @IsString({ message: 'date must be a date in the form YYYY-MM-DD' })
  date!: string;
}
