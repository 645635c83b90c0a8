import { DEFAULT_PUSH_SERVICE_HOSTS, parsePushServiceHosts } from '../../../config/push-hosts.js';
import { pushEndpointProblem } from './push-endpoint.js';

const hosts = parsePushServiceHosts(DEFAULT_PUSH_SERVICE_HOSTS, true);
const withTestHost = parsePushServiceHosts(`${DEFAULT_PUSH_SERVICE_HOSTS},push.wakestake.test:41234`, false);

describe('pushEndpointProblem: a subscription endpoint must be a push service', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://fcm.googleapis.com/wp/dGVzdA',
    'https://FCM.googleapis.com:443/fcm/send/x',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%3d',
    'https://web.push.apple.com/QGx0ZXN0',
  ])('accepts %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint, hosts)).toBeNull();
  });

  it.each([
    ['https://localhost./x', "endpoint must be on a push service's host (localhost. is not one)"],
    ['https://localhost/x', "endpoint must be on a push service's host (localhost is not one)"],
    ['https://metadata.google.internal./computeMetadata/v1/', "endpoint must be on a push service's host (metadata.google.internal. is not one)"],
    ['https://127.0.0.1.nip.io:3399/x', "endpoint must be on a push service's host (127.0.0.1.nip.io is not one)"],
    ['https://10.0.0.1/x', "endpoint must be on a push service's host (10.0.0.1 is not one)"],
    ['https://[::1]/x', "endpoint must be on a push service's host ([::1] is not one)"],
    ['https://169.254.169.254/latest/meta-data/', "endpoint must be on a push service's host (169.254.169.254 is not one)"],
    ['https://fcm.googleapis.com./x', "endpoint must be on a push service's host (fcm.googleapis.com. is not one)"],
    ['https://fcm.googleapis.com.evil.example/x', "endpoint must be on a push service's host (fcm.googleapis.com.evil.example is not one)"],
    ['https://evilfcm.googleapis.com/x', "endpoint must be on a push service's host (evilfcm.googleapis.com is not one)"],
    ['https://notify.windows.com/x', "endpoint must be on a push service's host (notify.windows.com is not one)"],
    ['https://evilnotify.windows.com/x', "endpoint must be on a push service's host (evilnotify.windows.com is not one)"],
    ['http://fcm.googleapis.com/x', 'endpoint must be an https push service address'],
    ['wss://fcm.googleapis.com/x', 'endpoint must be an https push service address'],
    ['https://fcm.googleapis.com:8443/x', "endpoint must use the push service's port 443 (got 8443)"],
    ['https://user:pw@fcm.googleapis.com/x', 'endpoint must not carry a user name or password'],
    ['https://fcm.googleapis.com\\@127.0.0.1/x', 'endpoint must be a plain https URL'],
    ['https://fcm.googleapis.com/x y', 'endpoint must be a plain https URL'],
    ['not a url', 'endpoint must be a URL'],
  ])('refuses %s', (endpoint, why) => {
    expect(pushEndpointProblem(endpoint, hosts)).toBe(why);
  });

  it('accepts a configured test host only on its configured port', () => {
    expect(pushEndpointProblem('https://push.wakestake.test:41234/sub/1', withTestHost)).toBeNull();
    expect(pushEndpointProblem('https://push.wakestake.test/sub/1', withTestHost)).toBe("endpoint must use the push service's port 41234 (got 443)");
    expect(pushEndpointProblem('https://push.wakestake.test:41235/sub/1', withTestHost)).toBe("endpoint must use the push service's port 41234 (got 41235)");
    expect(pushEndpointProblem('https://push.wakestake.test:41234/sub/1', hosts)).toBe(
      "endpoint must be on a push service's host (push.wakestake.test is not one)",
    );
  });
});
