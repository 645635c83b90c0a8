import { createHmac } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePayout {
  id: string;
  entity: 'payout';
  fund_account_id: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
  fees: number;
  tax: number;
  status: string;
  utr: string | null;
  mode: string;
  purpose: string;
  reference_id: string;
  narration: string;
  batch_id: null;
  failure_reason: string | null;
  status_details: { description: string; source: string; reason: string } | null;
  created_at: number;
}

/**
 * A local fake of the parts of RazorpayX's API the payout adapter uses, answering as RazorpayX documents: basic auth,
 * contacts, fund accounts (vpa / bank_account), payouts with the mandatory X-Payout-Idempotency header (the same key
 * and body → the same payout; another body → BAD_REQUEST_ERROR), fetch by id, list by reference_id, and errors as
 * `{ error: { code, description, source, step, reason, metadata, field } }`.
 */
export class FakeRazorpayX {
  server: Server;
  url = '';
  requests: { method: string; path: string; auth?: string; idempotency?: string; body: unknown }[] = [];
  contacts = new Map<string, { id: string; name: string; reference_id?: string }>();
  fundAccounts = new Map<string, { id: string; contact_id: string; account_type: string }>();
  payouts = new Map<string, FakePayout>();
  /** idempotency key → the payout it made and the body that made it. */
  idempotency = new Map<string, { payoutId: string; body: string }>();
  /** The next N payout creates are made and then their answer is lost (like mode drop-after-create, N times). */
  dropCreates = 0;
  /** The list of payouts does not show new payouts yet (RazorpayX's list may lag behind a create). */
  listLags = false;
  /** What a new payout's status is. */
  createStatus = 'processing';
  /**
   * `ok`; `error500` (before any side effect); `drop-after-create` (the payout is made, then the connection is cut:
   * the answer is lost); `hang-after-create` (made, never answered: the client's timeout fires).
   */
  mode: 'ok' | 'error500' | 'drop-after-create' | 'hang-after-create' = 'ok';
  private n = 0;
  private hung: ServerResponse[] = [];

  constructor(
    readonly keyId: string,
    readonly keySecret: string,
    readonly accountNumber: string,
    readonly webhookSecret: string,
  ) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const r of this.hung) r.destroy();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  calls(method: string, prefix: string) {
    return this.requests.filter((r) => r.method === method && r.path.split('?')[0] === prefix);
  }

  /** Moves a payout to a new status as RazorpayX would, and answers the webhook body for that move (signed). */
  move(payoutId: string, status: string, details?: string): FakePayout {
    const p = this.payouts.get(payoutId)!;
    p.status = status;
    if (status === 'processed') p.utr = `UTR${payoutId.slice(-8)}`;
    if (details) p.status_details = { description: details, source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected' };
    return { ...p };
  }

  webhook(event: string, payout: FakePayout): { body: string; signature: string } {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_FakeX0000000001',
      event,
      contains: ['payout'],
      payload: { payout: { entity: payout } },
      created_at: Math.floor(Date.now() / 1000),
    });
    return { body, signature: createHmac('sha256', this.webhookSecret).update(body).digest('hex') };
  }

  private id(prefix: string) {
    return `${prefix}_Fake${String(++this.n).padStart(10, '0')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const c of req) raw += c;
    let body: Record<string, any> | undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const idem = req.headers['x-payout-idempotency'] as string | undefined;
    this.requests.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, idempotency: idem, body });
    const send = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    const error = (status: number, code: string, description: string, field: string | null = null) =>
      send(status, { error: { code, description, source: 'business', step: null, reason: null, metadata: {}, field } });

    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(401, 'BAD_REQUEST_ERROR', 'Authentication failed');
    if (this.mode === 'error500')
      return error(500, 'SERVER_ERROR', 'We are facing some trouble completing your request at the moment. Please try again shortly.');
    const url = new URL(req.url!, 'http://x');

    if (req.method === 'POST' && url.pathname === '/v1/contacts') {
      if (!body?.name) return error(400, 'BAD_REQUEST_ERROR', 'The name field is required.', 'name');
      const c = {
        id: this.id('cont'),
        entity: 'contact',
        name: body.name,
        contact: null,
        email: null,
        type: body.type ?? null,
        reference_id: body.reference_id,
        batch_id: null,
        active: true,
        notes: body.notes ?? {},
        created_at: 1,
      };
      this.contacts.set(c.id, c);
      return send(201, c);
    }
    if (req.method === 'POST' && url.pathname === '/v1/fund_accounts') {
      if (!body || !this.contacts.has(body.contact_id)) return error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist', 'contact_id');
      if (body.account_type === 'vpa') {
        if (!/^[\w.-]+@[A-Za-z][A-Za-z0-9]+$/.test(body.vpa?.address ?? '') || /^invalid/i.test(body.vpa.address))
          return error(400, 'BAD_REQUEST_ERROR', 'Invalid VPA. Please enter a valid Virtual Payment Address', 'address');
      } else if (body.account_type === 'bank_account') {
        if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(body.bank_account?.ifsc ?? '')) return error(400, 'BAD_REQUEST_ERROR', 'The ifsc must be 11 characters.', 'ifsc');
        if (!body.bank_account?.name || !body.bank_account?.account_number)
          return error(400, 'BAD_REQUEST_ERROR', 'The account number field is required.', 'account_number');
      } else return error(400, 'BAD_REQUEST_ERROR', 'The selected account type is invalid.', 'account_type');
      const fa = {
        id: this.id('fa'),
        entity: 'fund_account',
        contact_id: body.contact_id,
        account_type: body.account_type,
        vpa: body.vpa,
        bank_account: body.bank_account,
        batch_id: null,
        active: true,
        created_at: 1,
      };
      this.fundAccounts.set(fa.id, fa);
      return send(201, fa);
    }
    if (req.method === 'POST' && url.pathname === '/v1/payouts') {
      if (!idem || idem.length < 4 || idem.length > 36)
        return error(400, 'BAD_REQUEST_ERROR', 'Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency');
      const seen = this.idempotency.get(idem);
      if (seen) {
        if (seen.body !== raw) return error(400, 'BAD_REQUEST_ERROR', 'Different request body sent for the same Idempotency Header', 'X-Payout-Idempotency');
        return send(200, this.payouts.get(seen.payoutId));
      }
      if (!body || body.account_number !== this.accountNumber) return error(400, 'BAD_REQUEST_ERROR', 'The account number is invalid.', 'account_number');
      if (!this.fundAccounts.has(body.fund_account_id)) return error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist', 'fund_account_id');
      if (!Number.isInteger(body.amount) || body.amount < 100) return error(400, 'BAD_REQUEST_ERROR', 'The amount must be at least 100.', 'amount');
      if (body.currency !== 'INR' || !['UPI', 'IMPS', 'NEFT', 'RTGS'].includes(body.mode) || !body.purpose)
        return error(400, 'BAD_REQUEST_ERROR', 'Invalid mode, purpose or currency', 'mode');
      const p: FakePayout = {
        id: this.id('pout'),
        entity: 'payout',
        fund_account_id: body.fund_account_id,
        amount: body.amount,
        currency: 'INR',
        notes: body.notes ?? {},
        fees: 590,
        tax: 90,
        status: this.createStatus,
        utr: this.createStatus === 'processed' ? 'UTR0000001' : null,
        mode: body.mode,
        purpose: body.purpose,
        reference_id: body.reference_id,
        narration: body.narration,
        batch_id: null,
        failure_reason: this.createStatus === 'failed' ? 'Beneficiary bank rejected the payout' : null,
        status_details:
          this.createStatus === 'failed'
            ? { description: 'Beneficiary bank rejected the payout', source: 'beneficiary_bank', reason: 'beneficiary_bank_rejected' }
            : null,
        created_at: Math.floor(Date.now() / 1000),
      };
      this.payouts.set(p.id, p);
      this.idempotency.set(idem, { payoutId: p.id, body: raw });
      if (this.mode === 'drop-after-create' || (this.dropCreates > 0 && this.dropCreates--)) return void req.socket.destroy();
      if (this.mode === 'hang-after-create') return void this.hung.push(res);
      return send(200, p);
    }
    const one = /^\/v1\/payouts\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      const p = this.payouts.get(one[1]);
      if (!p) return error(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist', 'id');
      return send(200, p);
    }
    if (req.method === 'GET' && url.pathname === '/v1/payouts') {
      if (url.searchParams.get('account_number') !== this.accountNumber)
        return error(400, 'BAD_REQUEST_ERROR', 'The account number field is required.', 'account_number');
      const ref = url.searchParams.get('reference_id');
      const items = this.listLags ? [] : [...this.payouts.values()].filter((p) => !ref || p.reference_id === ref).reverse();
      return send(200, { entity: 'collection', count: items.length, items });
    }
    error(404, 'BAD_REQUEST_ERROR', 'The requested URL was not found on the server.');
  }
}
