import { HttpException, HttpStatus } from '@nestjs/common';

/** Every failure identity can report, with its HTTP status decided in one exhaustive place. */
export const IDENTITY_ERROR_CODES = [
  'USERNAME_TAKEN',
  'USERNAME_RESERVED',
  'EMAIL_TAKEN',
  'PASSWORD_TOO_COMMON',
  'INVALID_CREDENTIALS',
  'NOT_SIGNED_IN',
  'USER_NOT_FOUND',
  'INVALID_USER_REFERENCE',
  'CANNOT_FOLLOW_SELF',
  'INVALID_CURSOR',
  'INVALID_IMAGE_URL',
  'IMAGE_NOT_YOURS',
  'IMAGES_UNAVAILABLE',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

const MESSAGES: Record<IdentityErrorCode, string> = {
  USERNAME_TAKEN: 'Username is already taken',
  USERNAME_RESERVED: 'This username is reserved; please choose another',
  EMAIL_TAKEN: 'An account with this email already exists',
  PASSWORD_TOO_COMMON: 'Password is too common; choose one that is harder to guess',
  INVALID_CREDENTIALS: 'Invalid email or password',
  NOT_SIGNED_IN: 'Not signed in',
  USER_NOT_FOUND: 'User not found',
  INVALID_USER_REFERENCE: 'User must be given by a valid id or username',
  CANNOT_FOLLOW_SELF: 'You cannot follow yourself',
  INVALID_CURSOR: 'Invalid cursor',
  INVALID_IMAGE_URL:
    'imageUrl must be an image you uploaded (its upload URL or /objects/uploads/... path)',
  IMAGE_NOT_YOURS: 'This image was uploaded by someone else',
  IMAGES_UNAVAILABLE: 'Images are unavailable right now; try again shortly',
};

export function statusOf(code: IdentityErrorCode): HttpStatus {
  switch (code) {
    case 'USERNAME_TAKEN':
    case 'EMAIL_TAKEN':
      return HttpStatus.CONFLICT;
    case 'INVALID_CREDENTIALS':
    case 'NOT_SIGNED_IN':
      return HttpStatus.UNAUTHORIZED;
    case 'USER_NOT_FOUND':
      return HttpStatus.NOT_FOUND;
    case 'IMAGE_NOT_YOURS':
      return HttpStatus.FORBIDDEN;
    case 'IMAGES_UNAVAILABLE':
      return HttpStatus.SERVICE_UNAVAILABLE;
    case 'USERNAME_RESERVED':
    case 'PASSWORD_TOO_COMMON':
    case 'INVALID_USER_REFERENCE':
    case 'CANNOT_FOLLOW_SELF':
    case 'INVALID_CURSOR':
    case 'INVALID_IMAGE_URL':
      return HttpStatus.BAD_REQUEST;
  }
}

export class IdentityException extends HttpException {
  constructor(readonly code: IdentityErrorCode) {
    super({ message: MESSAGES[code] }, statusOf(code));
    this.name = 'IdentityException';
  }
}
