// @vitest-environment node
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { forwardedForOf } from './page-meta.middleware';

const request = (headers: Record<string, string>, remoteAddress: string): IncomingMessage => {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  const req = new IncomingMessage(socket);
  req.headers = headers;
  return req;
};

describe(forwardedForOf.name, () => {
  it("passes on the chain a proxy in front wrote, which ends with the reader's address", () => {
    // nginx on the loopback, having appended the reader (198.51.100.7) to what it was sent.
    const req = request({ 'x-forwarded-for': '203.0.113.9, 198.51.100.7' }, '127.0.0.1');
    expect(forwardedForOf(req)).toBe('203.0.113.9, 198.51.100.7');
  });

  it("names the reader's own address when nothing stands in front", () => {
    expect(forwardedForOf(request({}, '198.51.100.7'))).toBe('198.51.100.7');
    expect(forwardedForOf(request({ 'x-forwarded-for': ' ' }, '198.51.100.7'))).toBe(
      '198.51.100.7',
    );
  });
});
