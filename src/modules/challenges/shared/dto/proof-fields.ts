import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { MISSION_MESSAGE, MISSIONS, PROOF_LEVELS, PROOF_MESSAGE } from '../domain/proof-rules.js';

/** A request's optional `proof` (NONE when absent), its words and message from proof-rules.ts. */
export function ProofField(documented = true): PropertyDecorator {
  const rule = [IsOptional(), IsIn([...PROOF_LEVELS], { message: PROOF_MESSAGE })];
  return applyDecorators(...(documented ? [ApiPropertyOptional({ enum: [...PROOF_LEVELS], description: 'NONE when absent' })] : []), ...rule);
}

/** A request's optional wake `mission` (NONE when absent), its words and message from proof-rules.ts. */
export function MissionField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ enum: [...MISSIONS], description: 'NONE when absent' }),
    IsOptional(),
    IsIn([...MISSIONS], { message: MISSION_MESSAGE }),
  );
}
