import { IsDefined, IsOptional, IsString, MaxLength } from 'class-validator';

export class CreateGroupDto {
  @IsDefined({ message: 'name is required' })
  @IsString({ message: 'name must be text' })
  name!: string;
}

export class JoinGroupDto {
  @IsDefined({ message: 'token is required' })
  @IsString({ message: 'token must be the invite code from the link' })
  @MaxLength(200, { message: 'token must be the invite code from the link' })
  token!: string;
}

export class SetRefereeDto {
  /** a member's id, or null for no referee (missing: 400 from the service, after the group is found) */
  @IsOptional()
  @IsString({ message: "userId must be a member's id, or null to have no referee" })
  userId?: string | null;
}

export class AskRefereeDto {
  @IsDefined({ message: 'challengeId is required' })
  @IsString({ message: 'challengeId must be the id of one of your challenges' })
  challengeId!: string;
}

export class RefereeAnswerDto {
  @IsOptional()
  @IsString({ message: 'note must be text' })
  note?: string;
}
