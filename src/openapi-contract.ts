/**
 * The answers of every route, as OpenAPI schemas, keyed "METHOD /api/v1/path" (RESPONSES in
 * openapi-contract/responses.ts, component schemas in openapi-contract/schemas.ts). setupOpenApi() writes them into the
 * generated document; a route missing here has no 2xx schema and test/e2e/contract-openapi.e2e-spec.ts fails.
 * Money is rupees (JSON numbers, at most 2 decimals).
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { type Schema, obj, open, str } from './openapi-contract/schema-kit.js';
import { SCHEMAS } from './openapi-contract/schemas.js';
import { RESPONSES } from './openapi-contract/responses.js';

export { RESPONSES };

type Operation = {
  tags?: string[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema; example?: unknown }> }>;
  requestBody?: unknown;
  parameters?: unknown[];
};

const EXAMPLES: Record<string, unknown> = {
  'POST /api/v1/wallet/deposit': {
    success: true,
    data: { orderId: 'order_Nx1', amount: 500, transactionId: '0194c7e2-…', currency: 'INR', keyId: 'rzp_test_x' },
    message: 'Payment order created',
  },
  'POST /api/v1/wallet/withdraw': { success: true, data: { transactionId: '0194c7e2-…', amount: 500, processingFee: 2, netAmount: 498, status: 'PENDING' } },
  'POST /api/v1/wallet/withdraw/validate': {
    success: true,
    data: { valid: true, errors: [], fee: 2, netAmount: 148, method: 'UPI' },
    message: 'Withdrawal request is valid',
  },
  'GET /api/v1/wallet/balance': { success: true, data: { balance: 1250.5 } },
  'GET /api/v1/wallet/transactions': {
    success: true,
    data: {
      transactions: [
        {
          id: '…',
          type: 'WINNINGS',
          amount: 7.5,
          debit: false,
          credit: true,
          status: 'SUCCESS',
          reference: '…',
          description: 'Winnings: your share of the pool',
          timestamp: '2026-11-23T09:30:00.000Z',
          createdAt: '2026-11-23T09:30:00.000Z',
        },
      ],
      page: 0,
      size: 20,
      total: 1,
    },
  },
  'POST /api/v1/wallet/verify-payment': {
    success: true,
    message: 'Payment verified successfully',
    data: { orderId: 'order_Nx1', paymentId: 'pay_Nx1', transactionId: '0194c7e2-…', amount: 500, status: 'SUCCESS', balance: 1750.5 },
  },
};

const REQUEST_BODIES: Record<string, unknown> = {
  'POST /api/v1/challenges/{id}/appeal': {
    required: true,
    description: 'JSON `{ reason }`, or multipart/form-data with a `reason` field and an optional `photo` file (JPEG or PNG, up to 5 MB).',
    content: {
      'application/json': { schema: obj({ reason: str }, ['reason']) },
      'multipart/form-data': { schema: obj({ reason: str, photo: { type: 'string', format: 'binary' } }, ['reason']) },
    },
  },
  'POST /api/v1/challenges/verify': {
    required: true,
    description: 'JSON, or multipart/form-data with the same fields and a `photo` file (JPEG or PNG, up to 5 MB) for PHOTO verification.',
    content: {
      'application/json': {
        schema: obj({ challengeId: str, verificationMethod: { type: 'string', enum: ['MANUAL', 'PHOTO'] }, checkInLocation: str, notes: str }, [
          'challengeId',
          'verificationMethod',
        ]),
      },
      'multipart/form-data': {
        schema: obj(
          {
            challengeId: str,
            verificationMethod: { type: 'string', enum: ['MANUAL', 'PHOTO'] },
            checkInLocation: str,
            notes: str,
            photo: { type: 'string', format: 'binary' },
          },
          ['challengeId', 'verificationMethod'],
        ),
      },
    },
  },
  'POST /api/v1/wallet/webhooks/razorpay': {
    required: true,
    description: 'Razorpay’s event as sent: the signature is checked over these raw bytes.',
    content: { 'application/json': { schema: open('a Razorpay event (payment.captured is credited once)') } },
  },
};

const HEADERS: Record<string, unknown[]> = {
  'POST /api/v1/wallet/webhooks/razorpay': [
    { name: 'X-Razorpay-Signature', in: 'header', required: true, description: 'HMAC-SHA256 of the raw body with the webhook secret (hex)', schema: str },
    { name: 'X-Razorpay-Event-Id', in: 'header', required: false, description: 'Razorpay’s event id (deduplication)', schema: str },
  ],
};

/** Writes the answers above into the generated document (2xx schemas, bodies, headers, examples, a tag by module). */
export function applyContract(doc: OpenAPIObject): OpenAPIObject {
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...SCHEMAS } };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      const key = `${method.toUpperCase()} ${path}`;
      if (!op.tags?.length) op.tags = [path.split('/')[3] ?? 'system'];
      const entry = RESPONSES[key];
      const ok = Object.keys(op.responses).find((s) => s.startsWith('2'));
      if (entry && ok) {
        const { mime, schema } =
          'mime' in entry && typeof entry.mime === 'string'
            ? (entry as { mime: string; schema: Schema })
            : { mime: 'application/json', schema: entry as Schema };
        op.responses[ok] = {
          description: op.responses[ok].description || 'Success',
          content: { [mime]: { schema, ...(EXAMPLES[key] ? { example: EXAMPLES[key] } : {}) } },
        };
      }
      if (REQUEST_BODIES[key]) op.requestBody = REQUEST_BODIES[key];
      if (HEADERS[key]) op.parameters = [...(op.parameters ?? []), ...HEADERS[key]];
    }
  }
  return doc;
}
