import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AvailabilityRepository } from './infrastructure/availability.repository.js';
import { AvailabilityRecorder } from './infrastructure/availability-recorder.js';
import { UploadFailedListener } from './infrastructure/upload-failed.listener.js';
import { DetectOutagesHandler } from './commands/detect-outages/detect-outages.handler.js';
import { RecordOutageHandler } from './commands/record-outage/record-outage.handler.js';
import { CloseOutageHandler } from './commands/close-outage/close-outage.handler.js';
import { ListOutagesHandler } from './queries/list-outages/list-outages.handler.js';

/**
 * Availability: each process records its own heartbeats and the check-in route's failures; outages are found
 * in them (or recorded by support) and settlement forgives the misses whose window one overlapped.
 */
@Module({
  imports: [CqrsModule],
  providers: [
    AvailabilityRepository,
    AvailabilityRecorder,
    UploadFailedListener,
    DetectOutagesHandler,
    RecordOutageHandler,
    CloseOutageHandler,
    ListOutagesHandler,
  ],
  exports: [AvailabilityRecorder],
})
export class AvailabilityModule {}
