// `npm run openapi`: writes the api's OpenAPI document to client/openapi.json (committed; the client's types are
// generated from it). Built from the compiled app in Nest's preview mode: routes and metadata only, no database.
// `npm run openapi -- --check` exits 1 when the committed file differs from what the server describes now.
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, say } from './lib.mjs';
import './ensure-built.mjs';

const OPENAPI_FILE = join(root, 'client', 'openapi.json');

const dist = (file) => import(pathToFileURL(join(root, 'dist', 'src', file)).href);
const { NestFactory } = await import('@nestjs/core');
const { FastifyAdapter } = await import('@nestjs/platform-fastify');
const { loadConfig } = await dist('config/app-config.js');
const { AppModule } = await dist('app.module.js');
const { API_PREFIX } = await dist('bootstrap.js');
const { createOpenApiDocument } = await dist('openapi.js');

// A fixed configuration: every route is declared whatever the settings, so the document does not depend on them.
const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'openapi-openapi-openapi-openapi', LOG_LEVEL: 'silent' });
const app = await NestFactory.create(AppModule.forRoot(config), new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
app.setGlobalPrefix(API_PREFIX);
const text = `${JSON.stringify(createOpenApiDocument(app), null, 2)}\n`;
await app.close();

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(OPENAPI_FILE, 'utf8');
  } catch {
    /* missing: differs */
  }
  if (committed !== text) {
    say('client/openapi.json differs from what the server describes: run `npm run openapi` and commit the file.');
    process.exit(1);
  }
  say('client/openapi.json matches the server.');
} else {
  writeFileSync(OPENAPI_FILE, text);
  say(`wrote ${OPENAPI_FILE.slice(root.length + 1)}`);
}
