import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { applyContract } from './openapi-contract.js';

const errorSchema = {
  type: 'object',
  required: ['success', 'statusCode', 'error', 'message'],
  properties: {
    success: { type: 'boolean', example: false },
    statusCode: { type: 'integer', example: 400 },
    error: { type: 'string', example: 'amount must not be less than 10' },
    message: { type: 'string', example: 'amount must not be less than 10' },
  },
};

/**
 * The OpenAPI document of every route, with bearer auth and the error shape. Needs the routes only, so
 * scripts/openapi.mjs builds it from an app created in preview mode (no database) and writes client/openapi.json.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('WakeStake API')
    .setDescription('Stake on waking up on time. Money is in rupees (JSON numbers, at most 2 decimals); errors share one shape.')
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addSecurityRequirements('bearer')
    .addGlobalResponse(
      { status: 400, description: 'Bad input', schema: errorSchema },
      { status: 401, description: 'Missing, expired or revoked token', schema: errorSchema },
      { status: 403, description: 'Not allowed for this role', schema: errorSchema },
      { status: 404, description: 'Not found (or not yours)', schema: errorSchema },
      { status: 429, description: 'Rate limited', schema: errorSchema },
      { status: 503, description: 'A dependency is down', schema: errorSchema },
    )
    .build();
  return applyContract(SwaggerModule.createDocument(app, config));
}

/** OpenAPI at /api/docs (JSON at /api/docs-json). */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => createOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json', customSiteTitle: 'WakeStake API' });
}
