import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { OnApplicationShutdown } from '@nestjs/common';
import { assertKey, isValidKey, PhotoStorage, storageUnavailable } from './photo-storage.js';
import type { S3StorageConfig } from './storage.config.js';

/** Photos as objects in one bucket of S3 or an S3-compatible store (MinIO in docker/compose.yml). */
export class S3Storage extends PhotoStorage implements OnApplicationShutdown {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    super();
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: MinIO and other compatible stores do not all know the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // A check-in must not hang on a store that does not answer.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertKey(key);
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    } catch (e) {
      throw storageUnavailable(e);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isValidKey(key)) return null;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (e) {
      const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404) return null;
      throw storageUnavailable(e);
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return;
      throw storageUnavailable(e);
    }
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
