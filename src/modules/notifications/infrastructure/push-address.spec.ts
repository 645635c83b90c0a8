import { forbiddenAddress } from './push-address.js';

describe('forbiddenAddress: where the push sender never connects', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.5', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['192.0.0.192', 'IETF special'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped 127.0.0.1: loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped 127.0.0.1: loopback'],
    ['::FFFF:169.254.169.254', 'IPv4-mapped 169.254.169.254: cloud metadata'],
    ['0:0:0:0:0:ffff:a00:1', 'IPv4-mapped 10.0.0.1: private'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::127.0.0.1', 'NAT64 127.0.0.1: loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 169.254.169.254: cloud metadata'],
    ['2002:7f00:1::', '6to4 127.0.0.1: loopback'],
    ['2002:c0a8:101::1', '6to4 192.168.1.1: private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'site-local'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'not global unicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'IETF special'],
    ['3fff::1', 'documentation'],
    ['fcm.googleapis.com', 'not an IP address'],
  ])('refuses %s (%s)', (ip, why) => {
    expect(forbiddenAddress(ip)).toContain(why);
  });

  it.each([
    '142.250.183.10',
    '8.8.8.8',
    '1.1.1.1',
    '100.128.0.1',
    '172.32.0.1',
    '169.255.0.1',
    '223.255.255.255',
    '2404:6800:4009:82b::200a',
    '2a00:1450:4001::1',
    '::ffff:142.250.183.10',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('accepts the public address %s', (ip) => {
    expect(forbiddenAddress(ip)).toBeNull();
  });
});
