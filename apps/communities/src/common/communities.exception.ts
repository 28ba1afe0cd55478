import { HttpException, HttpStatus } from '@nestjs/common';

/** Every failure the communities service reports, with its HTTP status decided in one place. */
export const COMMUNITIES_ERROR_CODES = [
  'COMMUNITY_NOT_FOUND',
  'POST_NOT_FOUND',
  'MEMBER_NOT_FOUND',
  'JOIN_REQUEST_NOT_FOUND',
  'INVALID_CURSOR',
  'NOT_A_MEMBER',
  'MEMBERS_ONLY',
  'NOT_ALLOWED_TO_DELETE',
  'NOT_A_MANAGER',
  'NOT_AN_OWNER',
  'LAST_OWNER',
  'NAME_TAKEN',
  'REMOVE_YOURSELF',
  'IMAGE_NOT_YOURS',
  'IMAGE_NOT_UPLOADED',
  'IMAGES_UNAVAILABLE',
] as const;
export type CommunitiesErrorCode = (typeof COMMUNITIES_ERROR_CODES)[number];

const MESSAGES: Record<CommunitiesErrorCode, string> = {
  COMMUNITY_NOT_FOUND: 'Community not found',
  POST_NOT_FOUND: 'Post not found',
  MEMBER_NOT_FOUND: 'That user is not a member of this community',
  JOIN_REQUEST_NOT_FOUND: 'No pending join request from that user',
  INVALID_CURSOR: 'Invalid cursor',
  NOT_A_MEMBER: 'Only members can post in this community',
  MEMBERS_ONLY: 'This community is private: only its members can see and join in on its posts',
  NOT_ALLOWED_TO_DELETE: 'Only the author or a moderator of the community can delete this post',
  NOT_A_MANAGER: 'Only an owner or a moderator of the community can do this',
  NOT_AN_OWNER: 'Only an owner of the community can do this',
  LAST_OWNER: 'A community needs an owner: make another member an owner first',
  NAME_TAKEN: 'A community with this name already exists',
  REMOVE_YOURSELF: 'To remove yourself, leave the community',
  IMAGE_NOT_YOURS: 'One of the images was uploaded by someone else',
  IMAGE_NOT_UPLOADED: 'Images must be ones you uploaded (/objects/uploads/...)',
  IMAGES_UNAVAILABLE: 'Images are unavailable right now; try again shortly',
};

export function statusOf(code: CommunitiesErrorCode): HttpStatus {
  switch (code) {
    case 'COMMUNITY_NOT_FOUND':
    case 'POST_NOT_FOUND':
    case 'MEMBER_NOT_FOUND':
    case 'JOIN_REQUEST_NOT_FOUND':
      return HttpStatus.NOT_FOUND;
    case 'NOT_A_MEMBER':
    case 'MEMBERS_ONLY':
    case 'NOT_ALLOWED_TO_DELETE':
    case 'NOT_A_MANAGER':
    case 'NOT_AN_OWNER':
    case 'IMAGE_NOT_YOURS':
      return HttpStatus.FORBIDDEN;
    case 'LAST_OWNER':
    case 'NAME_TAKEN':
      return HttpStatus.CONFLICT;
    case 'INVALID_CURSOR':
    case 'IMAGE_NOT_UPLOADED':
    case 'REMOVE_YOURSELF':
      return HttpStatus.BAD_REQUEST;
    case 'IMAGES_UNAVAILABLE':
      return HttpStatus.SERVICE_UNAVAILABLE;
  }
}

export class CommunitiesException extends HttpException {
  constructor(readonly code: CommunitiesErrorCode) {
    super({ message: MESSAGES[code] }, statusOf(code));
    this.name = 'CommunitiesException';
  }
}
