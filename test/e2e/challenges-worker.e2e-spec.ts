import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import { Clock, ManualClock } from '../../src/common/clock.js';
import { redisOptionsFromUrl } from '../../src/config/redis-options.js';
import { WorkerModule } from '../../src/worker.module.js';
import { CHALLENGES_QUEUE, CLOSE_MISSED_JOB } from '../../src/modules/challenges/day/jobs/close-missed.processor.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createChallenge, fundedUser, ist, notificationsOf } from './challenges-helpers.js';

describe('missed challenges through the real BullMQ worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let queue: Queue;
  let events: QueueEvents;
  const workerClock = new ManualClock();

  beforeAll(async () => {
    t = await createTestApp();
    const m = await Test.createTestingModule({ imports: [WorkerModule.forRoot(t.config)] })
      .overrideProvider(Clock)
      .useValue(workerClock)
      .compile();
    m.useLogger(false);
    await m.init();
    worker = m;
    const connection = redisOptionsFromUrl(t.config.redisUrl);
    queue = new Queue(CHALLENGES_QUEUE, { connection, prefix: process.env.BULLMQ_PREFIX });
    events = new QueueEvents(CHALLENGES_QUEUE, { connection, prefix: process.env.BULLMQ_PREFIX });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await queue?.close();
    await events?.close();
    await worker?.close();
    await t?.close();
  });

  it('schedules close-missed every 30 s, and a run closes the overdue challenge once', async () => {
    const scheduler = await queue.getJobScheduler(CLOSE_MISSED_JOB);
    expect(scheduler).toMatchObject({ every: 30000 });

    t.clock.set(ist('2026-11-22', '12:00'));
    const u = await fundedUser(t, 500);
    const id = (await createChallenge(t, u, { challengeDate: '2026-11-23', wakeUpTime: '05:00', forfeitAmount: 20 }).expect(201)).body.challenge.id;

    workerClock.set(ist('2026-11-23', '05:11'));
    const first = await queue.add(CLOSE_MISSED_JOB, {});
    expect(await first.waitUntilFinished(events, 20_000)).toMatchObject({ closed: expect.any(Number) });
    const second = await queue.add(CLOSE_MISSED_JOB, {});
    await second.waitUntilFinished(events, 20_000);

    const ds = worker.get<DataSource>(getDataSourceToken());
    const [row] = await ds.query(`SELECT status, is_successful, failure_reason FROM challenges WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'COMPLETED', is_successful: false, failure_reason: 'Missed check-in window' });
    expect(await notificationsOf(t, u.id, 'CHALLENGE_MISSED')).toHaveLength(1);
  });
});
