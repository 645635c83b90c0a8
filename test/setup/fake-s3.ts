import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for S3's REST API, path-style (`/{bucket}/{key}`), as AWS documents it: PutObject (200 + ETag),
 * GetObject (200 with the stored Content-Type), DeleteObject (204, also for a missing key), errors as
 * `<Error><Code>…</Code>…</Error>` XML (NoSuchKey and NoSuchBucket 404, SignatureDoesNotMatch and
 * InvalidAccessKeyId 403, InternalError 500). Every request must carry a valid Signature Version 4 header signature
 * (region, service s3, the payload hash checked against the body): a request the SDK did not sign is refused.
 */
export interface FakeS3Request {
  method: string;
  bucket: string;
  key: string;
  accessKeyId: string | null;
  /** the SigV4 signature checked out */
  signed: boolean;
  contentType: string | null;
  contentSha256: string | null;
  body: Buffer;
  status: number;
}

export interface FakeS3 {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: FakeS3Request[];
  /** answer every request with 500 InternalError until called with false */
  fail(on: boolean): void;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
// RFC 3986 encoding as SigV4 wants it for query names and values.
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function errorXml(res: ServerResponse, status: number, code: string, message: string, resource: string): void {
  const requestId = randomUUID();
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>${requestId}</RequestId></Error>`;
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body), 'x-amz-request-id': requestId });
  res.end(body);
}

/** Checks an `Authorization: AWS4-HMAC-SHA256 …` header; answers the access key id when it is valid. */
function verifySigV4(
  req: IncomingMessage,
  body: Buffer,
  region: string,
  keys: Map<string, string>,
): { ok: true; accessKeyId: string } | { ok: false; code: string; accessKeyId: string | null } {
  const auth = req.headers.authorization ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return { ok: false, code: 'AccessDenied', accessKeyId: null };
  const [, accessKeyId, day, reqRegion, signedHeaders, signature] = m;
  const secret = keys.get(accessKeyId);
  if (secret === undefined) return { ok: false, code: 'InvalidAccessKeyId', accessKeyId };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (reqRegion !== region || !amzDate.startsWith(day) || !signedHeaders.split(';').includes('host'))
    return { ok: false, code: 'SignatureDoesNotMatch', accessKeyId };
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return { ok: false, code: 'XAmzContentSHA256Mismatch', accessKeyId };
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams.entries()].map(([k, v]) => [enc(k), enc(v)]).sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  const canonicalHeaders = signedHeaders
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  // S3 signs the path as sent (encoded once), not double-encoded like other services.
  const canonicalRequest = [req.method, url.pathname, query.map(([k, v]) => `${k}=${v}`).join('&'), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return expected === signature ? { ok: true, accessKeyId } : { ok: false, code: 'SignatureDoesNotMatch', accessKeyId };
}

export async function startFakeS3(opts: { bucket?: string; region?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'wakestake-photos';
  const region = opts.region ?? 'ap-south-1';
  const accessKeyId = 'AKIAFAKES3TESTKEY';
  const secretAccessKey = `fake-secret-${randomUUID()}`;
  const keys = new Map([[accessKeyId, secretAccessKey]]);
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3Request[] = [];
  let failing = false;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const [, reqBucket = '', ...rest] = path.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const record: FakeS3Request = {
        method: req.method ?? '',
        bucket: reqBucket,
        key,
        accessKeyId: null,
        signed: false,
        contentType: (req.headers['content-type'] as string | undefined) ?? null,
        contentSha256: (req.headers['x-amz-content-sha256'] as string | undefined) ?? null,
        body,
        status: 0,
      };
      requests.push(record);
      const send = (status: number, fn: () => void) => {
        record.status = status;
        fn();
      };
      const auth = verifySigV4(req, body, region, keys);
      record.accessKeyId = auth.accessKeyId;
      if (!auth.ok) {
        const status = auth.code === 'XAmzContentSHA256Mismatch' ? 400 : 403;
        return send(status, () => errorXml(res, status, auth.code, 'The request signature we calculated does not match the signature you provided.', path));
      }
      record.signed = true;
      if (failing) return send(500, () => errorXml(res, 500, 'InternalError', 'We encountered an internal error. Please try again.', path));
      if (reqBucket !== bucket) return send(404, () => errorXml(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', path));
      if (!key) return send(400, () => errorXml(res, 400, 'InvalidRequest', 'Only object operations are supported here', path));
      switch (req.method) {
        case 'PUT': {
          const contentType = record.contentType ?? 'binary/octet-stream';
          objects.set(key, { body, contentType });
          return send(200, () => {
            res.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"`, 'Content-Length': 0 });
            res.end();
          });
        }
        case 'GET': {
          const o = objects.get(key);
          if (!o) return send(404, () => errorXml(res, 404, 'NoSuchKey', 'The specified key does not exist.', path));
          return send(200, () => {
            res.writeHead(200, {
              'Content-Type': o.contentType,
              'Content-Length': o.body.length,
              ETag: `"${createHash('md5').update(o.body).digest('hex')}"`,
              'Last-Modified': new Date().toUTCString(),
            });
            res.end(o.body);
          });
        }
        case 'DELETE':
          objects.delete(key);
          return send(204, () => {
            res.writeHead(204);
            res.end();
          });
        default:
          return send(405, () => errorXml(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', path));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    fail: (on) => (failing = on),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
