import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { AppConfig } from '../../../../config/app-config.js';
import { errorRateOutages, heartbeatGaps, merged, touches } from '../../domain/outage-rules.js';
import { AvailabilityRepository } from '../../infrastructure/availability.repository.js';
import { DetectOutagesCommand } from './detect-outages.command.js';

@CommandHandler(DetectOutagesCommand)
export class DetectOutagesHandler implements ICommandHandler<DetectOutagesCommand, { changed: number }> {
  private readonly logger = new Logger('Availability');

  constructor(
    @Inject(AvailabilityRepository) private readonly repo: AvailabilityRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ from, to }: DetectOutagesCommand): Promise<{ changed: number }> {
    // Off: nothing is recorded, so nothing may be read into the samples (another deployment's, a test's) either.
    if (this.config.availabilityRecorder === 'off') return { changed: 0 };
    const now = this.clock.now();
    const until = new Date(Math.min(to.getTime(), now.getTime()));
    if (until <= from) return { changed: 0 };
    return this.repo.detecting(async (m) => {
      const found = [
        ...errorRateOutages(await this.repo.routeMinutes(m, from, until)),
        ...heartbeatGaps('API_DOWN', await this.repo.beatMinutes(m, 'api', from, until), now),
        ...heartbeatGaps('WORKER_DOWN', await this.repo.beatMinutes(m, 'worker', from, until), now),
      ];
      let changed = 0;
      for (const o of found) {
        const near = (await this.repo.recorderOutagesNear(m, o.kind, o.startedAt, o.endedAt)).filter((s) => touches(s, o));
        if (near.length === 0) {
          const row = await this.repo.insertOutage(m, { ...o, source: 'recorder', recordedBy: null }, now);
          this.logger.warn(
            `Outage recorded: ${row.kind} from ${row.startedAt.toISOString()}${row.endedAt ? ` to ${row.endedAt.toISOString()}` : ' (still going on)'}: ${row.detail}`,
          );
          changed++;
          continue;
        }
        // the earliest stored one absorbs the reading (outages are never deleted: a settled line may name one)
        const span = merged(near[0], o);
        if (span.startedAt.getTime() === near[0].startedAt.getTime() && (span.endedAt?.getTime() ?? null) === (near[0].endedAt?.getTime() ?? null)) continue;
        await this.repo.updateSpan(m, near[0].id, span.startedAt, span.endedAt, now, o.detail);
        changed++;
      }
      return { changed };
    });
  }
}
