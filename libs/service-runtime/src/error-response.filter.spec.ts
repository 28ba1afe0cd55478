import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { DatabaseError } from 'pg';
import { QueryFailedError } from 'typeorm';
import { z } from 'zod';
import { toErrorResponse } from './error-response.filter';
import { requestIdOf } from './logging';
import { ZodValidationPipe } from './zod-validation.pipe';

describe(toErrorResponse.name, () => {
  it('keeps the status and message of HTTP exceptions', () => {
    expect(toErrorResponse(new NotFoundException('User not found'))).toEqual({
      status: 404,
      body: { message: 'User not found' },
    });
    expect(toErrorResponse(new HttpException({ message: ['a', 'b'] }, 422))).toEqual({
      status: 422,
      body: { message: 'a; b' },
    });
  });

  it("rewords Fastify's body errors", () => {
    expect(
      toErrorResponse(
        new HttpException(
          "Body is not valid JSON but content-type is set to 'application/json'",
          400,
        ),
      ),
    ).toEqual({ status: 400, body: { message: 'Request body is not valid JSON' } });
    expect(
      toErrorResponse(new HttpException('Unsupported Media Type: text/csv', 415)).body.message,
    ).toBe('Unsupported content type: send JSON');
  });

  describe('text PostgreSQL cannot store', () => {
    /** What pg and TypeORM raise when PostgreSQL refuses a parameter. */
    const refusal = (code: string, message: string) => {
      const driverError = new DatabaseError(message, message.length, 'error');
      driverError.code = code;
      return { driverError, queryFailed: new QueryFailedError('SELECT $1', ['x'], driverError) };
    };

    it.each([
      ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
      ['22P05', 'unsupported Unicode escape sequence'],
    ])('answers %s with 400, without the database’s words', (code, message) => {
      const { driverError, queryFailed } = refusal(code, message);
      const expected = {
        status: 400,
        body: { message: 'Text contains characters that cannot be stored' },
      };
      expect(toErrorResponse(queryFailed)).toEqual(expected);
      expect(toErrorResponse(driverError)).toEqual(expected);
    });

    it('leaves other database errors a 500', () => {
      const { queryFailed } = refusal('22P02', 'invalid input syntax for type uuid: "x"');
      expect(toErrorResponse(queryFailed)).toEqual({
        status: 500,
        body: { message: 'Internal server error' },
      });
    });
  });

  it('hides everything about unexpected errors', () => {
    const result = toErrorResponse(
      new Error('duplicate key value violates unique constraint "secret_table"'),
    );
    expect(result).toEqual({ status: 500, body: { message: 'Internal server error' } });
  });
});

describe(ZodValidationPipe.name, () => {
  const sut = new ZodValidationPipe(
    z.object({ name: z.string({ error: 'name is required' }).trim() }),
  );

  it('returns the parsed, normalised value', () => {
    expect(sut.transform({ name: ' x ' })).toEqual({ name: 'x' });
  });

  it('throws a 400 with the first problem', () => {
    expect(() => sut.transform({})).toThrow(BadRequestException);
    expect(() => sut.transform({})).toThrow('name is required');
  });
});

describe(requestIdOf.name, () => {
  const request = (value?: string) =>
    ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as never;

  it('keeps a sane id from the caller and makes one otherwise', () => {
    expect(requestIdOf(request('abc-123_x.y'))).toBe('abc-123_x.y');
    expect(requestIdOf(request('with space'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(request('x'.repeat(200)))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(request())).toMatch(/^[0-9a-f-]{36}$/);
  });
});
