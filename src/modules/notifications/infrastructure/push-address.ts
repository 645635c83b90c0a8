import { isIP } from 'node:net';

/**
 * Why the push sender must not connect to this IP address, or null for a public unicast address. Refused: private
 * (10/8, 172.16/12, 192.168/16, fc00::/7 unique-local), loopback, link-local (169.254/16, fe80::/10: the cloud metadata
 * services 169.254.169.254 and fd00:ec2::254 among them), CGNAT (100.64/10, Alibaba's metadata 100.100.100.200),
 * unspecified, multicast, broadcast and reserved, the IETF special ranges (192.0.0/24 with Oracle's metadata
 * 192.0.0.192, documentation, benchmarking), and any IPv6 address outside global unicast 2000::/3. IPv4 inside IPv6
 * (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by its IPv4 address.
 */
export function forbiddenAddress(ip: string): string | null {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) return forbiddenV4(v4Bytes(bare));
  if (kind === 6) return forbiddenV6(v6Bytes(bare));
  return 'not an IP address';
}

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

function forbiddenV4([a, b, c, d]: number[]): string | null {
  if (a === 0) return 'unspecified (0.0.0.0/8)';
  if (a === 10) return 'private (10.0.0.0/8)';
  if (a === 100 && (b & 0xc0) === 64) return 'carrier-grade NAT (100.64.0.0/10)';
  if (a === 127) return 'loopback (127.0.0.0/8)';
  if (a === 169 && b === 254) return c === 169 && d === 254 ? 'cloud metadata (169.254.169.254)' : 'link-local (169.254.0.0/16)';
  if (a === 172 && (b & 0xf0) === 16) return 'private (172.16.0.0/12)';
  if (a === 192 && b === 0 && c === 0) return 'IETF special (192.0.0.0/24)';
  if (a === 192 && b === 0 && c === 2) return 'documentation (192.0.2.0/24)';
  if (a === 192 && b === 88 && c === 99) return '6to4 relay (192.88.99.0/24)';
  if (a === 192 && b === 168) return 'private (192.168.0.0/16)';
  if (a === 198 && (b === 18 || b === 19)) return 'benchmarking (198.18.0.0/15)';
  if (a === 198 && b === 51 && c === 100) return 'documentation (198.51.100.0/24)';
  if (a === 203 && b === 0 && c === 113) return 'documentation (203.0.113.0/24)';
  if (a >= 224 && a <= 239) return 'multicast (224.0.0.0/4)';
  if (a >= 240) return 'reserved or broadcast (240.0.0.0/4)';
  return null;
}

/** The 16 bytes of a valid IPv6 address (isIP said 6; zone already removed). */
function v6Bytes(ip: string): number[] {
  let s = ip.toLowerCase();
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const [a, b, c, d] = v4Bytes(s.slice(lastColon + 1));
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const groups = halves.length > 1 ? [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail] : head;
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

function forbiddenV6(b: number[]): string | null {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const embedded = (at: number, what: string) => {
    const why = forbiddenV4(b.slice(at, at + 4));
    return why ? `${what} ${b.slice(at, at + 4).join('.')}: ${why}` : null;
  };
  if (zeros(0, 16)) return 'unspecified (::)';
  if (zeros(0, 15) && b[15] === 1) return 'loopback (::1)';
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return embedded(12, 'IPv4-mapped');
  if (zeros(0, 12)) return 'IPv4-compatible (::/96, deprecated)';
  // NAT64's well-known prefix 64:ff9b::/96 (an IPv6-only network reaching IPv4 hosts): judged by the IPv4 address.
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return embedded(12, 'NAT64');
  if (b[0] === 0x20 && b[1] === 0x02) return embedded(2, '6to4');
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return 'link-local (fe80::/10)';
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return 'site-local (fec0::/10)';
  if ((b[0] & 0xfe) === 0xfc)
    return b[0] === 0xfd && b[1] === 0x00 && b[2] === 0x0e && b[3] === 0xc2 ? 'cloud metadata (fd00:ec2::/32)' : 'unique-local (fc00::/7)';
  if (b[0] === 0xff) return 'multicast (ff00::/8)';
  if ((b[0] & 0xe0) !== 0x20) return 'not global unicast (outside 2000::/3)';
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return 'documentation (2001:db8::/32)';
  if (b[0] === 0x20 && b[1] === 0x01 && (b[2] & 0xfe) === 0x00) return 'IETF special (2001::/23: Teredo, benchmarking, ORCHID)';
  if (b[0] === 0x3f && b[1] === 0xff && (b[2] & 0xf0) === 0x00) return 'documentation (3fff::/20)';
  return null;
}
