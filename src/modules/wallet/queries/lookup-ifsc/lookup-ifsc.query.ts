import { Query } from '@nestjs/cqrs';
import type { IfscBranch } from '../../infrastructure/ifsc/ifsc-directory.js';

/** The bank branch of an IFSC (any case, spaces around ignored): 400 malformed, 404 unknown, 503 directory unreachable. */
export class LookupIfscQuery extends Query<IfscBranch> {
  constructor(readonly code: unknown) {
    super();
  }
}
