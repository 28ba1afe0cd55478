import { uploadUrlQuerySchema } from './upload.contract';

describe('uploadUrlQuerySchema', () => {
  it('passes one expiry and one signature on to the service, which judges them', () => {
    expect(uploadUrlQuerySchema.parse({ expires: '1800000000000', signature: 'abc_-' })).toEqual({
      expires: '1800000000000',
      signature: 'abc_-',
    });
    expect(uploadUrlQuerySchema.parse({})).toEqual({});
  });

  it.each([
    [{ expires: ['1', '2'] }, 'expires must be one value'],
    [{ signature: ['a', 'b'] }, 'signature must be one value'],
    [{ signature: 'a\u0000b' }, 'signature must not contain control characters'],
    [{ expires: '1'.repeat(129) }, 'expires must be at most 128 characters'],
  ])('refuses %p', (query, message) => {
    const result = uploadUrlQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
