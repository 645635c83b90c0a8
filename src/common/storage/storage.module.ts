import { DynamicModule, Global, Logger, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { PhotoStorage } from './photo-storage.js';
import { storageConfig } from './storage.config.js';

/**
 * PhotoStorage for every module: local disk under UPLOADS_DIR, or S3 when S3_BUCKET is set. The settings are read
 * and checked when the module is declared, before Nest starts, so a malformed one stops the process with its name.
 */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: AppConfig, env: Record<string, string | undefined> = process.env): DynamicModule {
    const settings = storageConfig(env, config.uploadsDir);
    return {
      module: StorageModule,
      global: true,
      providers: [
        {
          provide: PhotoStorage,
          useFactory: async (): Promise<PhotoStorage> => {
            // The AWS SDK (~0.5 s and ~20 MB to load here) only in processes that use it.
            const storage = settings.kind === 's3' ? new (await import('./s3.storage.js')).S3Storage(settings) : new LocalDiskStorage(settings.dir);
            new Logger('PhotoStorage').log(
              settings.kind === 's3'
                ? `Photos in S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`
                : `Photos under ${settings.dir}`,
            );
            return storage;
          },
        },
      ],
      exports: [PhotoStorage],
    };
  }
}
