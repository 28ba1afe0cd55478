import { toErrorResponse } from '@wave/service-runtime';
import { OUTBOUND_ERROR_CODES, OutboundException } from './outbound.exception';
import { toOutboundException } from './safe-fetcher';

describe(OutboundException.name, () => {
  it.each(OUTBOUND_ERROR_CODES)(
    'answers %s with a 4xx { message } and nothing internal',
    (code) => {
      const sut = new OutboundException(code, 'internal detail 10.0.0.1');
      const { status, body } = toErrorResponse(sut);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).not.toContain('10.0.0.1');
    },
  );

  it('uses 400 for bad URLs and 403 for forbidden addresses', () => {
    expect(new OutboundException('INVALID_URL').getStatus()).toBe(400);
    expect(new OutboundException('FORBIDDEN_ADDRESS').getStatus()).toBe(403);
    expect(new OutboundException('TIMEOUT').getStatus()).toBe(422);
  });
});

describe(toOutboundException.name, () => {
  it('keeps an OutboundException, and calls anything else an upstream error', () => {
    const refused = new OutboundException('FORBIDDEN_ADDRESS');
    expect(toOutboundException(refused)).toBe(refused);
    expect(toOutboundException(new Error('ECONNRESET')).code).toBe('UPSTREAM_ERROR');
    expect(toOutboundException(new Error('wrapped', { cause: refused }))).toBe(refused);
  });

  it('turns any error after the deadline into its reason', () => {
    const deadline = new AbortController();
    deadline.abort(new OutboundException('TIMEOUT'));
    expect(toOutboundException(new Error('aborted'), deadline.signal).code).toBe('TIMEOUT');
  });
});
