import { ConfigError } from '../../config/app-config.js';
import { storageConfig } from './storage.config.js';

const problem = (env: Record<string, string>) => {
  try {
    storageConfig(env, '/srv/uploads');
    return null;
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return { variable: e.variable, message: e.message };
  }
};

describe('storage settings', () => {
  it('keeps photos on local disk under UPLOADS_DIR when S3_BUCKET is unset', () => {
    expect(storageConfig({}, 'var/uploads')).toEqual({ kind: 'local', dir: expect.stringMatching(/\/var\/uploads$/) });
  });

  it('uses the bucket with ap-south-1 and the default credential chain when only S3_BUCKET is set', () => {
    expect(storageConfig({ S3_BUCKET: 'wakestake-photos' }, 'x')).toEqual({
      kind: 's3',
      bucket: 'wakestake-photos',
      endpoint: null,
      region: 'ap-south-1',
      credentials: null,
    });
  });

  it('takes an S3-compatible endpoint, region and a key pair', () => {
    expect(
      storageConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'x'),
    ).toEqual({
      kind: 's3',
      bucket: 'photos',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
  });

  it.each([
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://user:pw@minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'Photos_Bucket' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET'],
    [{ S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'photos', S3_REGION: 'Mumbai region' }, 'S3_REGION'],
    [{ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: 's' }, 'S3_ACCESS_KEY_ID'],
  ])('refuses %j naming %s', (env, variable) => {
    const p = problem(env);
    expect(p?.variable).toBe(variable);
    expect(p?.message).toContain(variable);
  });
});
