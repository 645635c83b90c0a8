// The check-in rush's baseline: a bare NestJS app on the same Fastify adapter with one route that runs one UPDATE on
// PostgreSQL (pg pool of the same size as the api's). Plain JS: Nest's decorators applied as functions.
// Started as its own process: DATABASE_URL, PORT; prints "baseline listening".
import 'reflect-metadata';
import { Controller, Inject, Module, Param, Post, HttpCode } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import pg from 'pg';

const POOL = Symbol('pool');

class BaselineController {
  constructor(pool) {
    this.pool = pool;
  }
  async bump(id) {
    const { rowCount } = await this.pool.query({ name: 'bump', text: 'UPDATE bench_baseline SET n = n + 1 WHERE id = $1', values: [Number(id)] });
    return { success: true, updated: rowCount };
  }
}
Inject(POOL)(BaselineController, undefined, 0);
Controller('baseline')(BaselineController);
const bump = Object.getOwnPropertyDescriptor(BaselineController.prototype, 'bump');
Post(':id')(BaselineController.prototype, 'bump', bump);
HttpCode(200)(BaselineController.prototype, 'bump', bump);
Param('id')(BaselineController.prototype, 'bump', 0);
Object.defineProperty(BaselineController.prototype, 'bump', bump);

class BaselineModule {}
Module({
  controllers: [BaselineController],
  providers: [{ provide: POOL, useFactory: () => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 20) }) }],
})(BaselineModule);

const app = await NestFactory.create(BaselineModule, new FastifyAdapter(), { logger: ['error'] });
app.setGlobalPrefix('api/v1');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('baseline listening\n');
