import { toErrorResponse } from '@wave/service-runtime';
import { OUTBOUND_ERROR_CODES, OutboundException } from './outbound.exception';
import { toOutboundException } from './safe-fetcher';

describe(OutboundException.name, () => {
  it.each(OUTBOUND_ERROR_CODES)(
    'keeps %s and its detail for the logs, and is no answer for a client',
    (code) => {
      const sut = new OutboundException(code, 'internal detail 10.0.0.1');
      expect(sut.message).toBe(`${code}: internal detail 10.0.0.1`);
      // Callers answer every failure alike; one that slipped through says nothing.
      expect(toErrorResponse(sut)).toEqual({
        status: 500,
        body: { message: 'Internal server error' },
      });
    },
  );
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
