import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { AppConfig, loadConfig } from './app-config.js';

/** Where ConfigService keeps the validated settings (ConfigService.get(APP_CONFIG_KEY) is the AppConfig). */
export const APP_CONFIG_KEY = 'app';

type Env = Record<string, string | undefined>;

/** ConfigModule's validate: the whole environment through the one schema; a bad value throws a ConfigError naming it. */
export function validateEnvironment(env: Env): Record<typeof APP_CONFIG_KEY, AppConfig> {
  return { [APP_CONFIG_KEY]: loadConfig(env) };
}

/**
 * @nestjs/config for both processes: ConfigModule.forRoot({ validate }) runs the schema (loadConfig) over the
 * environment (no .env file: deployments set variables), and AppConfig, the type the rest of the code injects, is
 * what it validated. main.ts and worker.ts validate before Nest starts (the api needs the port, the proxy hops and the
 * database before its container exists; a bad value is one line and exit 1), so they hand that result in and it is
 * not read twice; tests hand in theirs (testConfig).
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: AppConfigModule,
      global: true,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          validate: config ? () => ({ [APP_CONFIG_KEY]: config }) : validateEnvironment,
        }),
      ],
      providers: [
        {
          provide: AppConfig,
          inject: [ConfigService],
          useFactory: (settings: ConfigService): AppConfig => {
            const validated = settings.get<AppConfig>(APP_CONFIG_KEY);
            if (!validated || typeof validated !== 'object') throw new Error('AppConfig missing: ConfigModule.forRoot did not validate the environment');
            return validated;
          },
        },
      ],
      exports: [AppConfig, ConfigModule],
    };
  }
}
