import { createHmac } from 'node:crypto';
import { deriveKey } from '@wave/internal-auth';
import {
  checkUploadSignature,
  signUpload,
  uploadIdOf,
  uploadIdOfImage,
} from './upload-signature.util';

describe('upload URL signatures', () => {
  const secret = 's'.repeat(40);
  const id = '0190b1de-1111-7000-8000-000000000001';
  const now = 1_800_000_000_000;

  it('accepts its own signature until it expires', () => {
    const expires = now + 60_000;
    const signature = signUpload(secret, id, expires);
    expect(checkUploadSignature(secret, id, String(expires), signature, now)).toBe('valid');
    expect(checkUploadSignature(secret, id, String(expires), signature, expires)).toBe('expired');
  });

  it('refuses a signature made with the raw secret or the identity header key', () => {
    const expires = now + 60_000;
    for (const key of [Buffer.from(secret), deriveKey(secret, 'internal-identity')]) {
      const forged = createHmac('sha256', key)
        .update(`upload\n${id}\n${expires}`)
        .digest('base64url');
      expect(checkUploadSignature(secret, id, String(expires), forged, now)).toBe('invalid');
    }
  });

  it('refuses another id, another expiry, another secret or garbage', () => {
    const expires = now + 60_000;
    const signature = signUpload(secret, id, expires);
    expect(
      checkUploadSignature(secret, id.replace('1', '2'), String(expires), signature, now),
    ).toBe('invalid');
    expect(checkUploadSignature(secret, id, String(expires + 1), signature, now)).toBe('invalid');
    expect(checkUploadSignature('o'.repeat(40), id, String(expires), signature, now)).toBe(
      'invalid',
    );
    expect(checkUploadSignature(secret, id, 'soon', signature, now)).toBe('invalid');
    expect(checkUploadSignature(secret, id, undefined, undefined, now)).toBe('invalid');
  });

  it('reads the upload id of an object path and nothing else', () => {
    expect(uploadIdOf(`/objects/uploads/${id}`)).toBe(id);
    expect(uploadIdOf(`/objects/uploads/${id}/display`)).toBeNull();
    expect(uploadIdOf('/objects/uploads/../secrets')).toBeNull();
    expect(uploadIdOf('/objects/avatars/x')).toBeNull();
  });

  it('reads the upload id of a stored image: its path, its upload URL or an absolute URL', () => {
    for (const imageUrl of [
      `/objects/uploads/${id}`,
      `/objects/uploads/${id}?expires=1&signature=abc`,
      `https://wave.example/objects/uploads/${id}`,
      `HTTP://localhost:3000/objects/uploads/${id}?expires=1#x`,
    ]) {
      expect(uploadIdOfImage(imageUrl)).toBe(id);
    }
    for (const imageUrl of [
      `/objects/uploads/${id}/display`,
      `https://wave.example/elsewhere/${id}`,
      'https://',
      '/objects/avatars/x',
      '',
    ]) {
      expect(uploadIdOfImage(imageUrl)).toBeNull();
    }
  });
});
