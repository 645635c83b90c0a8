import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { IFSC } from '../../domain/withdrawal-rules.js';
import { IfscBranch, IfscDirectory } from '../../infrastructure/ifsc/ifsc-directory.js';
import { LookupIfscQuery } from './lookup-ifsc.query.js';

const IfscErrors = {
  malformed: () => new DomainError('WALLET.INVALID_IFSC', 'INVALID', 'Please enter a valid IFSC code (4 letters, 0, then 6 letters or digits)'),
  unknown: () => new DomainError('WALLET.IFSC_NOT_FOUND', 'NOT_FOUND', 'No bank branch has this IFSC'),
  unavailable: () =>
    new DomainError('WALLET.IFSC_LOOKUP_UNAVAILABLE', 'UNAVAILABLE', 'The bank branch lookup is unavailable right now: check the IFSC yourself and type the bank name'),
};

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
