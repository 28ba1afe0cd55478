import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME, sessionCookieAttributes } from '@wave/sessions';
import type { IdentityConfig } from '../config/identity.config';
import { IDENTITY_CONFIG } from '../config/identity.config';

/** Writes and reads the session cookie (HttpOnly, SameSite=Lax, Secure over HTTPS). */
@Injectable()
export class SessionCookies {
  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  read(request: FastifyRequest): string | undefined {
    return request.cookies[SESSION_COOKIE_NAME];
  }

  write(reply: FastifyReply, token: string): void {
    void reply.setCookie(
      SESSION_COOKIE_NAME,
      token,
      sessionCookieAttributes({
        secure: this.config.COOKIE_SECURE,
        maxAgeSeconds: this.config.SESSION_TTL_SECONDS,
      }),
    );
  }

  clear(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE_NAME, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.COOKIE_SECURE,
    });
  }
}
