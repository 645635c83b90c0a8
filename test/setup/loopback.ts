import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';

// Rate-limit tests: requests from their own loopback source address, so no other test shares their counters.

/** POST from a chosen loopback source address (any 127.x.y.z reaches 127.0.0.1 on Linux). */
export function postFrom(
  baseUrl: string,
  localAddress: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: { error?: string; [k: string]: unknown }; text: string }> {
  const url = new URL(path, baseUrl);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}'), text });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A random 127.x.y.z source address. */
export const randomLoopback = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Ports this process has handed out: two probes at once can be given the same free port by the kernel. */
const handedOut = new Set<number>();

/** A loopback port nothing listens on, never the same twice in this process (scale-out starts two apis at once). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function probePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}
