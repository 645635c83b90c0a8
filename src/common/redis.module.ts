import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config.js';

/** One shared ioredis connection for rate limits, token revocation and small state. */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly client: Redis;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.client = new Redis(config.redisUrl, {
      lazyConnect: false,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      // Commands issued in the same tick (the 6 AM rush's revocation checks) share one write to the socket.
      enableAutoPipelining: true,
      commandTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    let warned = false;
    this.client.on('error', (err) => {
      if (!warned) this.logger.warn(`Redis connection problem: ${err.message}`);
      warned = true;
    });
    this.client.on('ready', () => (warned = false));
  }

  async ping(timeoutMs = 1500): Promise<boolean> {
    try {
      const res = await Promise.race([
        this.client.ping(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
      ]);
      return res === 'PONG';
    } catch {
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

@Global()
@Module({ providers: [RedisService], exports: [RedisService] })
export class RedisModule {}
