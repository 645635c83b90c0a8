import { loggableUrl, serializeRequest } from './log-fields.js';
import { requestIdFrom } from './request-context.js';

describe('access line fields (allow-list)', () => {
  it('keeps allow-listed query values and redacts every other one', () => {
    expect(loggableUrl('/api/v1/auth/reset-password?token=abc&newPassword=hunter2&page=2')).toBe(
      '/api/v1/auth/reset-password?token=[redacted]&newPassword=[redacted]&page=2',
    );
    expect(loggableUrl('/api/v1/wallet/transactions?page=1&size=20&type=ALL')).toBe('/api/v1/wallet/transactions?page=1&size=20&type=ALL');
    expect(loggableUrl('/api/v1/auth/resend-verification?email=a%40b.c')).toBe('/api/v1/auth/resend-verification?email=[redacted]');
  });

  it('redacts a key it cannot read and a key spelt with escapes', () => {
    expect(loggableUrl('/api/v1/x?new%50assword=s3cret&&=v&flag&%E0%A4%A=1')).toBe(
      '/api/v1/x?newPassword=[redacted]&[redacted]=[redacted]&flag=[redacted]&[redacted]=[redacted]',
    );
  });

  it('replaces the secret segment of a calendar feed path', () => {
    expect(loggableUrl('/api/v1/calendar/9f2c-secret.ics?x=1')).toBe('/api/v1/calendar/[redacted]?x=[redacted]');
  });

  it('logs only allow-listed headers', () => {
    const line = serializeRequest({
      id: 'r1',
      method: 'GET',
      url: '/api/v1/health',
      headers: { authorization: 'Bearer x', cookie: 'c', 'user-agent': 'ua', referer: 'https://x/reset-password?token=t' },
    });
    expect(line).toEqual({ id: 'r1', method: 'GET', url: '/api/v1/health', headers: { 'user-agent': 'ua' } });
  });
});

describe('request ids', () => {
  it('keeps a plain id and replaces anything that could forge a log line', () => {
    expect(requestIdFrom('abc-123_x.y:z@w')).toBe('abc-123_x.y:z@w');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), 'a\nb', ['a', 'b'], '{"level":60}']) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
