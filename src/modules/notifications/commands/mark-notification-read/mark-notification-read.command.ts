import { Command } from '@nestjs/cqrs';

export interface MarkedRead {
  success: true;
  data: { id: string; isRead: true };
  message: string;
}

/** Marks one of the user's notifications read (the first read time kept); anyone else's is "not found". */
export class MarkNotificationReadCommand extends Command<MarkedRead> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}
