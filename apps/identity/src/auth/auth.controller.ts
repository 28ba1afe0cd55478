import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RegisterRequest, UserResponse } from '@wave/contracts';
import { registerRequestSchema } from '@wave/contracts';
import { OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { IdentityException } from '../common/identity.exception';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { SessionCookies } from './session-cookies';
import type { SignedInRequest } from './strategies/local-auth.guard';
import { LocalAuthGuard } from './strategies/local-auth.guard';

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('register')
  @HttpCode(201)
  @Header('cache-control', 'no-store')
  async register(
    @Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserResponse> {
    const { user, token } = await this.auth.register(body);
    this.cookies.write(reply, token);
    return user;
  }

  /** Email and password, checked by the local strategy (LocalAuthGuard) before this runs. */
  @Post('login')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  @UseGuards(LocalAuthGuard)
  async login(
    @Req() request: SignedInRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserResponse> {
    const { user, token } = await this.auth.signIn(request.user, this.cookies.read(request));
    this.cookies.write(reply, token);
    return user;
  }

  @Post('logout')
  @HttpCode(204)
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.auth.logout(this.cookies.read(request));
    this.cookies.clear(reply);
  }

  /** The signed-in user; 401 for a visitor. Renews the cookie's lifetime (rolling). */
  @Get('user')
  @Header('cache-control', 'no-store')
  async current(
    @OptionalUserId() userId: string | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserResponse> {
    if (!userId) throw new IdentityException('NOT_SIGNED_IN');
    const user = await this.users.getSelf(userId);
    const token = this.cookies.read(request);
    if (token) this.cookies.write(reply, token);
    return user;
  }
}
