import { errorRateOutages, heartbeatGaps, isBadMinute, MAX_SILENCE_HOURS, merged, touches } from './outage-rules.js';

const m = (hhmm: string, s = 0) => new Date(`2026-11-23T${hhmm}:${String(s).padStart(2, '0')}+05:30`);
const sample = (hhmm: string, checkins: number, checkinErrors: number, uploads = 0, uploadFailures = 0) => ({
  minute: m(hhmm),
  checkins,
  checkinErrors,
  uploads,
  uploadFailures,
});

describe('outage rules', () => {
  it('calls a minute bad from 3 server errors making a quarter of the answers', () => {
    expect(isBadMinute(3, 12)).toBe(true);
    expect(isBadMinute(3, 13)).toBe(false);
    expect(isBadMinute(2, 2)).toBe(false);
    expect(isBadMinute(3, 0)).toBe(true); // failures counted before their answers
  });

  it('joins consecutive bad minutes of the check-in route into one outage', () => {
    const found = errorRateOutages([sample('06:00', 10, 5), sample('06:01', 4, 4), sample('06:02', 100, 1), sample('06:03', 3, 3)]);
    expect(found.map((o) => [o.kind, o.startedAt, o.endedAt])).toEqual([
      ['CHECKIN_ERRORS', m('06:00'), m('06:02')],
      ['CHECKIN_ERRORS', m('06:03'), m('06:04')],
    ]);
  });

  it('finds failed photo uploads apart from the route errors', () => {
    const found = errorRateOutages([sample('06:00', 10, 0, 4, 3)]);
    expect(found.map((o) => o.kind)).toEqual(['UPLOAD_FAILED']);
  });

  it('reports a heartbeat gap longer than 90 s from the last beat to the next', () => {
    const beats = [
      { minute: m('06:00'), firstBeatAt: m('06:00', 5), lastBeatAt: m('06:00', 50) },
      { minute: m('06:01'), firstBeatAt: m('06:01', 5), lastBeatAt: m('06:01', 20) },
      { minute: m('06:05'), firstBeatAt: m('06:05', 10), lastBeatAt: m('06:05', 55) },
    ];
    const found = heartbeatGaps('API_DOWN', beats, m('06:06'));
    expect(found.map((o) => [o.kind, o.startedAt, o.endedAt])).toEqual([['API_DOWN', m('06:01', 20), m('06:05', 10)]]);
  });

  it('reports silence since the last beat as an outage seen until now, never open-ended', () => {
    const found = heartbeatGaps('WORKER_DOWN', [{ minute: m('06:00'), firstBeatAt: m('06:00', 5), lastBeatAt: m('06:00', 50) }], m('06:03'));
    expect(found).toEqual([expect.objectContaining({ kind: 'WORKER_DOWN', startedAt: m('06:00', 50), endedAt: m('06:03') })]);
  });

  it('reads nothing into a silence longer than MAX_SILENCE_HOURS, between beats or since the last one', () => {
    const at = (iso: string) => new Date(iso);
    const beat = (iso: string) => ({ minute: at(iso), firstBeatAt: at(iso), lastBeatAt: at(iso) });
    // a beat from a stray process years before, then a detection whose clock stands in 2045: no outage of 18 years
    expect(heartbeatGaps('API_DOWN', [beat('2026-11-29T18:02:00Z')], at('2045-05-12T03:30:00Z'))).toEqual([]);
    expect(heartbeatGaps('API_DOWN', [beat('2026-11-29T18:02:00Z'), beat('2026-12-01T18:02:00Z')], at('2026-12-01T18:03:00Z'))).toEqual([]);
    // just inside the horizon it is still an outage (an api down overnight)
    const limit = MAX_SILENCE_HOURS * 3_600_000;
    const after = new Date(at('2026-11-29T18:02:00Z').getTime() + limit);
    expect(heartbeatGaps('API_DOWN', [beat('2026-11-29T18:02:00Z')], after)).toEqual([
      expect.objectContaining({ startedAt: at('2026-11-29T18:02:00Z'), endedAt: after }),
    ]);
    expect(
      heartbeatGaps(
        'API_DOWN',
        [beat('2026-11-29T18:02:00Z'), { ...beat('2026-11-29T18:02:00Z'), minute: after, firstBeatAt: after, lastBeatAt: after }],
        after,
      ),
    ).toEqual([expect.objectContaining({ startedAt: at('2026-11-29T18:02:00Z'), endedAt: after })]);
  });

  it('merges a newer reading into the stored outage it touches, closing an open one', () => {
    expect(touches({ startedAt: m('06:00'), endedAt: m('06:02') }, { startedAt: m('06:02'), endedAt: m('06:03') })).toBe(true);
    expect(merged({ startedAt: m('06:00'), endedAt: null }, { startedAt: m('06:00'), endedAt: m('06:04') })).toEqual({
      startedAt: m('06:00'),
      endedAt: m('06:04'),
    });
    expect(merged({ startedAt: m('06:00'), endedAt: m('06:02') }, { startedAt: m('06:02'), endedAt: m('06:03') })).toEqual({
      startedAt: m('06:00'),
      endedAt: m('06:03'),
    });
  });
});
