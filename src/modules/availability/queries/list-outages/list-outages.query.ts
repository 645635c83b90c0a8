import { Query } from '@nestjs/cqrs';
import type { OutageView } from '../../domain/outage-view.js';

/** Outages overlapping [from, to) (open ones included) and/or with these ids, earliest first. */
export class ListOutagesQuery extends Query<OutageView[]> {
  constructor(readonly filter: { from?: Date; to?: Date; ids?: string[] }) {
    super();
  }
}
