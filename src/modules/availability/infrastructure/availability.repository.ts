import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { BeatMinute, DetectedOutage, MinuteSample, OutageKind } from '../domain/outage-rules.js';
import type { OutageRow } from '../domain/outage-view.js';

/** One process's counts of one minute, as the recorder flushes them (added to what is stored). */
export interface SampleDelta {
  minute: Date;
  role: 'api' | 'worker';
  processId: string;
  beats: number;
  firstBeatAt: Date | null;
  lastBeatAt: Date | null;
  checkins: number;
  checkinErrors: number;
  uploads: number;
  uploadFailures: number;
}

type Row = Record<string, unknown>;
const COLUMNS = `id, kind, started_at, ended_at, detail, source, recorded_by, created_at, updated_at`;
const toOutage = (r: Row): OutageRow => ({
  id: r.id as string,
  kind: r.kind as OutageKind,
  startedAt: r.started_at as Date,
  endedAt: (r.ended_at as Date | null) ?? null,
  detail: r.detail as string,
  source: r.source as 'recorder' | 'support',
  recordedBy: (r.recorded_by as string | null) ?? null,
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
});

/** Advisory lock class of outage detection: one detector at a time across processes. */
const DETECT_LOCK = 74202;

/** availability_samples and outages, in plain SQL. */
@Injectable()
export class AvailabilityRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  /** Adds the recorder's counts to the stored minutes (one statement for every minute it holds). */
  async addSamples(deltas: SampleDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    const col = <K extends keyof SampleDelta>(k: K) => deltas.map((d) => d[k]);
    await this.dataSource.query(
      `INSERT INTO availability_samples AS s (minute, role, process_id, beats, first_beat_at, last_beat_at, checkins, checkin_errors, uploads, upload_failures)
       SELECT * FROM unnest($1::timestamptz[], $2::varchar[], $3::varchar[], $4::int[], $5::timestamptz[], $6::timestamptz[], $7::int[], $8::int[], $9::int[], $10::int[])
       ON CONFLICT (minute, role, process_id) DO UPDATE SET
         beats = s.beats + EXCLUDED.beats,
         first_beat_at = LEAST(s.first_beat_at, EXCLUDED.first_beat_at),
         last_beat_at = GREATEST(s.last_beat_at, EXCLUDED.last_beat_at),
         checkins = s.checkins + EXCLUDED.checkins,
         checkin_errors = s.checkin_errors + EXCLUDED.checkin_errors,
         uploads = s.uploads + EXCLUDED.uploads,
         upload_failures = s.upload_failures + EXCLUDED.upload_failures`,
      [
        col('minute'),
        col('role'),
        col('processId'),
        col('beats'),
        col('firstBeatAt'),
        col('lastBeatAt'),
        col('checkins'),
        col('checkinErrors'),
        col('uploads'),
        col('uploadFailures'),
      ],
    );
  }

  /** The check-in route's minutes in [from, to), all api processes summed. */
  async routeMinutes(m: EntityManager, from: Date, to: Date): Promise<MinuteSample[]> {
    const rows: Row[] = await m.query(
      `SELECT minute, sum(checkins)::int AS checkins, sum(checkin_errors)::int AS errors, sum(uploads)::int AS uploads, sum(upload_failures)::int AS upload_failures
         FROM availability_samples WHERE role = 'api' AND minute >= $1 AND minute < $2 AND (checkins > 0 OR upload_failures > 0)
        GROUP BY minute ORDER BY minute`,
      [from, to],
    );
    return rows.map((r) => ({
      minute: r.minute as Date,
      checkins: Number(r.checkins),
      checkinErrors: Number(r.errors),
      uploads: Number(r.uploads),
      uploadFailures: Number(r.upload_failures),
    }));
  }

  /**
   * A role's heartbeat minutes in [from, to), plus the last one before `from` (a gap that began before the range is
   * still seen whole).
   */
  async beatMinutes(m: EntityManager, role: 'api' | 'worker', from: Date, to: Date): Promise<BeatMinute[]> {
    const rows: Row[] = await m.query(
      `SELECT minute, min(first_beat_at) AS first_at, max(last_beat_at) AS last_at FROM availability_samples
        WHERE role = $1 AND beats > 0 AND minute < $3
          AND minute >= LEAST($2::timestamptz, coalesce((SELECT max(minute) FROM availability_samples WHERE role = $1 AND beats > 0 AND minute < $2), $2::timestamptz))
        GROUP BY minute ORDER BY minute`,
      [role, from, to],
    );
    return rows.map((r) => ({ minute: r.minute as Date, firstBeatAt: r.first_at as Date, lastBeatAt: r.last_at as Date }));
  }

  /** Runs `work` in a transaction holding the detection lock (other detectors wait: they would find the same). */
  async detecting<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock($1, 0)`, [DETECT_LOCK]);
      return work(m);
    });
  }

  /** The recorder's outages of a kind that may touch [from, to] (to null: open). */
  async recorderOutagesNear(m: EntityManager, kind: OutageKind, from: Date, to: Date | null): Promise<OutageRow[]> {
    const rows: Row[] = await m.query(
      `SELECT ${COLUMNS} FROM outages WHERE source = 'recorder' AND kind = $1 AND ($3::timestamptz IS NULL OR started_at <= $3) AND (ended_at IS NULL OR ended_at >= $2)
        ORDER BY started_at FOR UPDATE`,
      [kind, from, to],
    );
    return rows.map(toOutage);
  }

  async insertOutage(
    m: EntityManager | DataSource,
    o: DetectedOutage & { source: 'recorder' | 'support'; recordedBy: string | null },
    now: Date,
  ): Promise<OutageRow> {
    const [row] = (await m.query(
      `INSERT INTO outages (id, kind, started_at, ended_at, detail, source, recorded_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
      [randomUUID(), o.kind, o.startedAt, o.endedAt, o.detail.slice(0, 500), o.source, o.recordedBy, now],
    )) as Row[];
    return toOutage(row);
  }

  async updateSpan(m: EntityManager | DataSource, id: string, startedAt: Date, endedAt: Date | null, now: Date, detail?: string): Promise<OutageRow | null> {
    const rows = (await m.query(
      `UPDATE outages SET started_at = $2, ended_at = $3, updated_at = $4, detail = coalesce($5, detail) WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, startedAt, endedAt, now, detail?.slice(0, 500) ?? null],
    )) as unknown;
    const list = Array.isArray(rows) && rows.length === 2 && Array.isArray(rows[0]) ? (rows[0] as Row[]) : (rows as Row[]);
    return list[0] ? toOutage(list[0]) : null;
  }

  async byId(id: string): Promise<OutageRow | null> {
    const rows: Row[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM outages WHERE id = $1`, [id]);
    return rows[0] ? toOutage(rows[0]) : null;
  }

  /** Outages that overlap [from, to) (open ones included), and/or with these ids; earliest first. */
  async list(q: { from?: Date; to?: Date; ids?: string[] }, limit = 500): Promise<OutageRow[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM outages
        WHERE ($1::timestamptz IS NULL OR ended_at IS NULL OR ended_at > $1) AND ($2::timestamptz IS NULL OR started_at < $2)
          AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))
        ORDER BY started_at, id LIMIT $4`,
      [q.from ?? null, q.to ?? null, q.ids ?? null, limit],
    );
    return rows.map(toOutage);
  }

  /** Samples older than this are no longer needed (outages found in them are kept). */
  async pruneSamples(before: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM availability_samples WHERE minute < $1`, [before]);
  }
}
