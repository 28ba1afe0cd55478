import { toObjectPath } from './object-path.util';

describe(toObjectPath.name, () => {
  it.each([
    [
      '/objects/uploads/0190b1de-1111-7000-8000-000000000001',
      '/objects/uploads/0190b1de-1111-7000-8000-000000000001',
    ],
    ['http://localhost:3000/objects/uploads/abc?X-Amz-Signature=x', '/objects/uploads/abc'],
    ['https://wave.example/objects/uploads/abc.webp', '/objects/uploads/abc.webp'],
    ['/objects/uploads/abc?expires=1&signature=x', '/objects/uploads/abc'],
  ])('accepts %p as %p', (input, expected) => {
    expect(toObjectPath(input)).toBe(expected);
  });

  it.each([
    '/objects/../secrets',
    '/objects/uploads/../../etc/passwd',
    '/objects//uploads/a',
    '/objects/',
    '/uploads/abc',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'https://evil.example/steal.png',
    'ftp://host/objects/a',
    '/objects/uploads/a b',
  ])('refuses %p', (input) => {
    expect(toObjectPath(input)).toBeNull();
  });
});
