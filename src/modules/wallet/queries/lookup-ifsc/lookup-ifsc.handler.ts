import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { IfscErrors } from '../../wallet.errors.js';
import { IFSC } from '../../domain/withdrawal-rules.js';
import { IfscBranch, IfscDirectory } from '../../infrastructure/ifsc/ifsc-directory.js';
import { LookupIfscQuery } from './lookup-ifsc.query.js';

@QueryHandler(LookupIfscQuery)
export class LookupIfscHandler implements IQueryHandler<LookupIfscQuery, IfscBranch> {
  constructor(@Inject(IfscDirectory) private readonly directory: IfscDirectory) {}

  async execute({ code }: LookupIfscQuery): Promise<IfscBranch> {
    const ifsc = typeof code === 'string' ? code.trim().toUpperCase() : '';
    if (!IFSC.test(ifsc)) throw IfscErrors.malformed();
    const answer = await this.directory.lookup(ifsc);
    if (answer.kind === 'missing') throw IfscErrors.unknown();
    if (answer.kind === 'unavailable') throw IfscErrors.unavailable();
    return answer.branch;
  }
}
