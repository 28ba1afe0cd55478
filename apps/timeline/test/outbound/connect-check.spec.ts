import dns from 'node:dns';
import type * as AddressPolicy from '../../src/outbound/address-policy.util';
import { isPublicAddress } from '../../src/outbound/address-policy.util';
import { OutboundException } from '../../src/outbound/outbound.exception';
import { SafeFetcher } from '../../src/outbound/safe-fetcher';
import { sendHtml, TestOriginServer } from './test-origin-server';

jest.mock('../../src/outbound/address-policy.util', () => {
  const actual = jest.requireActual<typeof AddressPolicy>('../../src/outbound/address-policy.util');
  return { ...actual, isPublicAddress: jest.fn(actual.isPublicAddress) };
});

const policy = jest.mocked(isPublicAddress);

describe(`${SafeFetcher.name}: the check at connect time`, () => {
  const origin = new TestOriginServer();

  beforeAll(async () => {
    await origin.start();
    origin.route('/page', sendHtml('<title>internal</title>'));
  });

  afterAll(() => origin.stop());

  it('refuses a connection whose remote address is not public, before any request is sent', async () => {
    jest.spyOn(dns, 'lookup').mockImplementation(((
      _hostname: string,
      _options: unknown,
      callback: (error: null, addresses: dns.LookupAddress[]) => void,
    ) => {
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    }) as unknown as typeof dns.lookup);
    // The lookup-time check is fooled once (as by a resolver race); the socket check is not.
    policy.mockImplementationOnce(() => true);
    const sut = new SafeFetcher({ allowlist: [] });

    const failure = await sut
      .open({
        url: `http://rebound.example:${origin.port}/page`,
        accept: 'text/html',
        allowedTypes: ['text/html'],
        maxBytes: 1024,
      })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(OutboundException);
    expect(failure).toMatchObject({ code: 'FORBIDDEN_ADDRESS', detail: 'connected to 127.0.0.1' });
    expect(policy).toHaveBeenCalledWith('127.0.0.1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(origin.hits.get('/page')).toBeUndefined();
  });
});
