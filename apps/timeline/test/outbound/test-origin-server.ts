import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type RouteHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 with a random port, standing in for the sites we fetch. */
export class TestOriginServer {
  port = 0;
  /** Requests per path. */
  readonly hits = new Map<string, number>();
  /** The request headers each path last saw. */
  readonly lastHeaders = new Map<string, IncomingMessage['headers']>();
  private readonly routes = new Map<string, RouteHandler>();
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://origin.test').pathname;
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      this.lastHeaders.set(path, request.headers);
      const handler = this.routes.get(path);
      if (handler) handler(request, response);
      else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  route(path: string, handler: RouteHandler): this {
    this.routes.set(path, handler);
    return this;
  }

  /** `127.0.0.1:<port>`, as the allowlist spells it. */
  get hostPort(): string {
    return `127.0.0.1:${this.port}`;
  }

  url(path: string): string {
    return `http://${this.hostPort}${path}`;
  }
}

export const sendHtml =
  (html: string | Buffer, contentType = 'text/html; charset=utf-8'): RouteHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType }).end(html);
  };

export const redirectTo =
  (location: string, status = 302): RouteHandler =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };

export const sendBytes =
  (bytes: Buffer, contentType: string, headers: Record<string, string> = {}): RouteHandler =>
  (_request, response) => {
    response
      .writeHead(200, { 'content-type': contentType, 'content-length': bytes.length, ...headers })
      .end(bytes);
  };

/** Streams `total` bytes in 64 KB chunks without declaring a length. */
export const streamBytes =
  (total: number, contentType: string): RouteHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    let sent = 0;
    const pump = (): void => {
      while (sent < total) {
        const size = Math.min(64 * 1024, total - sent);
        sent += size;
        if (!response.write(Buffer.alloc(size, 0x61))) {
          response.once('drain', pump);
          return;
        }
      }
      response.end();
    };
    pump();
  };

/** Accepts the request and never answers. */
export const neverAnswer: RouteHandler = () => undefined;

/** Sends headers and a first chunk, then nothing more. */
export const stallAfterHeaders =
  (contentType: string): RouteHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType });
    response.write(Buffer.alloc(16, 0x61));
  };
