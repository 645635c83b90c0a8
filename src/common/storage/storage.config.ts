import { resolve } from 'node:path';
import { ConfigError } from '../../config/app-config.js';

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …), addressed path-style; null: AWS S3 itself. */
  endpoint: string | null;
  region: string;
  /** null: the SDK's default chain (instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export type StorageConfig = { kind: 'local'; dir: string } | S3StorageConfig;

type Env = Record<string, string | undefined>;

const set = (env: Env, name: string): string | null => (env[name] === undefined || env[name] === '' ? null : env[name]!);

/**
 * Where check-in photos go, from the environment: S3_BUCKET unset means local disk under UPLOADS_DIR; set means that
 * bucket (S3_ENDPOINT for MinIO and other S3-compatible stores, S3_REGION default ap-south-1, S3_ACCESS_KEY_ID and
 * S3_SECRET_ACCESS_KEY together or neither). A malformed value is a ConfigError naming the variable.
 */
export function storageConfig(env: Env, uploadsDir: string): StorageConfig {
  const bucket = set(env, 'S3_BUCKET');
  const endpointRaw = set(env, 'S3_ENDPOINT');
  const keyId = set(env, 'S3_ACCESS_KEY_ID');
  const secret = set(env, 'S3_SECRET_ACCESS_KEY');
  if (!bucket) {
    // S3 settings without a bucket would silently keep photos on one machine's disk.
    for (const [name, v] of [
      ['S3_ENDPOINT', endpointRaw],
      ['S3_ACCESS_KEY_ID', keyId],
      ['S3_SECRET_ACCESS_KEY', secret],
    ] as const) {
      if (v) throw new ConfigError('S3_BUCKET', `is required when ${name} is set (unset every S3_* variable to keep photos under UPLOADS_DIR)`);
    }
    return { kind: 'local', dir: resolve(uploadsDir) };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new ConfigError('S3_BUCKET', `must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens (got "${bucket}")`);
  }
  let endpoint: string | null = null;
  if (endpointRaw) {
    let url: URL;
    try {
      url = new URL(endpointRaw);
    } catch {
      throw new ConfigError('S3_ENDPOINT', `must be a URL such as http://minio:9000 (got "${endpointRaw}")`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigError('S3_ENDPOINT', `must start with http:// or https:// (got "${endpointRaw}")`);
    }
    if (url.username || url.password || url.search || url.hash) {
      throw new ConfigError('S3_ENDPOINT', 'must be a plain URL: credentials go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
    endpoint = endpointRaw.replace(/\/$/, '');
  }
  const region = set(env, 'S3_REGION') ?? 'ap-south-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region)) throw new ConfigError('S3_REGION', `must be a region name such as ap-south-1 (got "${region}")`);
  if (Boolean(keyId) !== Boolean(secret)) {
    throw new ConfigError(
      keyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'must be set together with the other S3 key variable (or neither, for the default AWS credential chain)',
    );
  }
  return { kind: 's3', bucket, endpoint, region, credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : null };
}
