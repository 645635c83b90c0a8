import { ConfigError } from './env-parsers.js';
import { DEFAULT_PUSH_SERVICE_HOSTS, parsePushServiceHosts } from './push-hosts.js';

describe('PUSH_SERVICE_HOSTS', () => {
  it('reads host names and *.domain wildcards, lower-cased, with an optional port outside production', () => {
    expect(parsePushServiceHosts(DEFAULT_PUSH_SERVICE_HOSTS, true)).toEqual([
      { name: 'fcm.googleapis.com', wildcard: false, port: null },
      { name: 'updates.push.services.mozilla.com', wildcard: false, port: null },
      { name: 'notify.windows.com', wildcard: true, port: null },
      { name: 'push.apple.com', wildcard: true, port: null },
    ]);
    expect(parsePushServiceHosts(' FCM.googleapis.com ,, push.wakestake.test:41234', false)).toEqual([
      { name: 'fcm.googleapis.com', wildcard: false, port: null },
      { name: 'push.wakestake.test', wildcard: false, port: 41234 },
    ]);
  });

  it.each([
    ['[::1]', 'has an entry that is not a host name'],
    ['::1', 'has an entry that is not a host name'],
    ['*.127.0.0.1', 'has an entry that is not a host name'],
    ['1.2.3', 'has an entry that is not a host name'],
    ['*.com', 'single-label name'],
    ['*', 'has an entry that is not a host name'],
    ['fcm.*.com', 'has an entry that is not a host name'],
    ['https://fcm.googleapis.com', 'has an entry that is not a host name'],
    ['fcm.googleapis.com.', 'has an entry that is not a host name'],
    ['-bad.example.com', 'has an entry that is not a host name'],
    ['push.example.test:0', 'has a port outside 1-65535'],
    ['push.example.test:70000', 'has a port outside 1-65535'],
    [' , ', 'must list at least one push service host'],
  ])('refuses %s', (raw, why) => {
    let error: unknown;
    try {
      parsePushServiceHosts(raw, false);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('PUSH_SERVICE_HOSTS');
    expect((error as Error).message).toContain(why);
  });

  it("takes a test's own push service outside production only: an IPv4 literal, a single-label name", () => {
    expect(parsePushServiceHosts('127.0.0.1:8443,localhost:9443', false)).toEqual([
      { name: '127.0.0.1', wildcard: false, port: 8443 },
      { name: 'localhost', wildcard: false, port: 9443 },
    ]);
    expect(() => parsePushServiceHosts('fcm.googleapis.com,127.0.0.1', true)).toThrow('PUSH_SERVICE_HOSTS must name hosts, not IP addresses, in production');
    expect(() => parsePushServiceHosts('fcm.googleapis.com,10.0.0.1:443', true)).toThrow('PUSH_SERVICE_HOSTS must name hosts, not IP addresses, in production');
    expect(() => parsePushServiceHosts('localhost', true)).toThrow('PUSH_SERVICE_HOSTS must name hosts with a domain in production');
  });

  it('refuses a port other than 443 in production (a port is for a test push service)', () => {
    expect(() => parsePushServiceHosts('push.example.test:8443', true)).toThrow('PUSH_SERVICE_HOSTS must not name a port in production');
    expect(parsePushServiceHosts('push.example.test:443', true)).toEqual([{ name: 'push.example.test', wildcard: false, port: null }]);
  });
});
