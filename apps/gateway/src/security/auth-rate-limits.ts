import type { ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { GatewayStep } from '../pipeline/gateway-step';
import type { GatewayRequest } from '../proxy/raw-http';
import { sendError, tooManyRequests } from '../proxy/raw-http';
import { pathOf } from '../routing/route-table';
import { ClientIp } from './client-ip';
import { LoginFailures } from './login-failures';
import { RateLimits } from './rate-limits';

/** Sign-in bodies are tiny; anything bigger is not a sign-in. */
const LOGIN_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Limits sign-ins per address, makes one address that keeps failing against one
 * account wait longer and longer (LoginFailures), and limits sign-ups per
 * address. To know the account the gateway reads the sign-in body (small,
 * capped) and forwards it as it read it. Identity's answer decides: a 401 counts
 * as a failure of that account at that address, a 200 clears its failures.
 */
@Injectable()
export class AuthRateLimits implements GatewayStep {
  constructor(
    private readonly limits: RateLimits,
    private readonly failures: LoginFailures,
    private readonly clientIp: ClientIp,
  ) {}

  run(req: GatewayRequest, res: ServerResponse): boolean | Promise<boolean> {
    if (req.method !== 'POST') return true;
    const path = pathOf(req.url ?? '/');
    if (path === '/api/register') return this.limitRegistration(req, res);
    if (path === '/api/login') return this.limitLogin(req, res);
    return true;
  }

  private async limitRegistration(req: GatewayRequest, res: ServerResponse): Promise<boolean> {
    const result = await this.limits.consume('registerPerIp', this.clientIp.limitKeyOf(req));
    if (result.allowed) return true;
    tooManyRequests(
      res,
      result.retryAfterSeconds,
      `Too many sign-ups from this address. Try again in ${result.retryAfterSeconds} seconds.`,
    );
    return false;
  }

  private async limitLogin(req: GatewayRequest, res: ServerResponse): Promise<boolean> {
    const address = this.clientIp.limitKeyOf(req);
    const byIp = await this.limits.consume('loginPerIp', address);
    if (!byIp.allowed) return this.refuseLogin(res, byIp.retryAfterSeconds);

    const body = await readJsonBody(req, LOGIN_BODY_LIMIT_BYTES);
    if (!body.ok) {
      sendError(res, body.status, body.message);
      return false;
    }
    req.body = body.value;

    const email = (body.value as { email?: unknown } | null)?.email;
    if (typeof email === 'string' && email.trim().length > 0) {
      const key = this.failures.keyOf(email, address);
      const wait = await this.failures.waitOf(key);
      if (wait > 0) return this.refuseLogin(res, wait);
      // Recorded as the answer leaves, before this client can try again.
      res.once('finish', () => {
        if (res.statusCode === 401) void this.failures.recordFailure(key);
        else if (res.statusCode === 200) void this.failures.clear(key);
      });
    }
    return true;
  }

  private refuseLogin(res: ServerResponse, retryAfterSeconds: number): false {
    tooManyRequests(
      res,
      retryAfterSeconds,
      `Too many sign-in attempts. Try again in ${retryAfterSeconds} seconds.`,
    );
    return false;
  }
}

type BodyResult = { ok: true; value: unknown } | { ok: false; status: number; message: string };

function readJsonBody(req: GatewayRequest, limit: number): Promise<BodyResult> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return Promise.resolve({
      ok: false,
      status: 415,
      message: 'Unsupported content type: send JSON',
    });
  }
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > limit) {
    return Promise.resolve({ ok: false, status: 413, message: 'Request body is too large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish({ ok: false, status: 413, message: 'Request body is too large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim().length === 0) {
        finish({ ok: false, status: 400, message: 'Request body must be a JSON object' });
        return;
      }
      try {
        finish({ ok: true, value: JSON.parse(text) });
      } catch {
        finish({ ok: false, status: 400, message: 'Request body is not valid JSON' });
      }
    });
    req.on('error', () =>
      finish({ ok: false, status: 400, message: 'Request body could not be read' }),
    );
  });
}
