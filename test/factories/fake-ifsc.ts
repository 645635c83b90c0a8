import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One branch as Razorpay's IFSC API answers it (https://ifsc.razorpay.com/<IFSC>). */
export const HDFC_BRANCH = {
  BANK: 'HDFC Bank',
  IFSC: 'HDFC0001234',
  BRANCH: 'KHAR WEST',
  CENTRE: 'MUMBAI',
  DISTRICT: 'MUMBAI',
  STATE: 'MAHARASHTRA',
  ADDRESS: 'GROUND FLOOR, PLOT 12, LINKING ROAD, KHAR WEST, MUMBAI 400052',
  CONTACT: '',
  IMPS: true,
  RTGS: true,
  CITY: 'MUMBAI',
  ISO3166: 'IN-MH',
  NEFT: true,
  MICR: '400240088',
  UPI: true,
  SWIFT: null,
  BANKCODE: 'HDFC',
};

/**
 * A local stand-in for Razorpay's IFSC API, answering as it does: 200 with the branch's JSON for a known code, 404 with
 * the body "Not Found" for an unknown one. `slow` codes answer after `slowMs`; `broken` codes answer 500.
 */
export class FakeIfscApi {
  server: Server;
  url = '';
  requests: string[] = [];
  branches = new Map<string, Record<string, unknown>>([[HDFC_BRANCH.IFSC, HDFC_BRANCH]]);
  slow = new Set<string>();
  broken = new Set<string>();
  slowMs = 2_000;

  constructor() {
    this.server = createServer((req, res) => {
      const code = decodeURIComponent((req.url ?? '/').slice(1));
      this.requests.push(code);
      const answer = () => {
        if (this.broken.has(code)) {
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
          return;
        }
        const branch = this.branches.get(code);
        if (!branch) {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(branch));
      };
      if (this.slow.has(code)) setTimeout(answer, this.slowMs).unref();
      else answer();
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
