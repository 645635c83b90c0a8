import { Command } from '@nestjs/cqrs';

/** Deletes the check-in photos past their retention (domain/photo-retention.ts) from the store and forgets their keys. */
export class PurgeExpiredPhotosCommand extends Command<{ purged: number }> {}
