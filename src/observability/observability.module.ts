import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { TerminusModule } from '@nestjs/terminus';
import { Metrics } from './metrics.service.js';
import { Readiness } from './readiness.js';
import { WorkerHttpServer } from './worker-http.js';

/** Metrics and health probes of both processes (CoreModule imports it). */
@Global()
@Module({
  // Failed probes answer with their details; terminus's own error log would repeat them on every probe of an outage.
  imports: [ScheduleModule.forRoot(), TerminusModule.forRoot({ logger: false })],
  providers: [Metrics, Readiness],
  exports: [Metrics, Readiness],
})
export class ObservabilityModule {}

/** The worker's health and metrics port (WorkerModule imports it). */
@Module({ providers: [WorkerHttpServer], exports: [WorkerHttpServer] })
export class WorkerObservabilityModule {}
