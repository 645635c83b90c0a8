import { Inject } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { CheckInPhotoUploadFailed } from '../../challenges/events/challenge-events.js';
import { AvailabilityRecorder } from './availability-recorder.js';

/** A refused check-in photo counts towards this minute's upload failures. */
@EventsHandler(CheckInPhotoUploadFailed)
export class UploadFailedListener implements IEventHandler<CheckInPhotoUploadFailed> {
  constructor(@Inject(AvailabilityRecorder) private readonly recorder: AvailabilityRecorder) {}

  handle(): void {
    this.recorder.uploadFailed();
  }
}
