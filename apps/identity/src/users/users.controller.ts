import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type {
  UpdateProfileImageRequest,
  UpdateProfileRequest,
  UserResponse,
} from '@wave/contracts';
import {
  idOrUsernameSchema,
  updateProfileImageRequestSchema,
  updateProfileRequestSchema,
} from '@wave/contracts';
import { AuthenticatedUserId, OptionalUserId } from '@wave/internal-auth';
import { ZodValidationPipe } from '@wave/service-runtime';
import { UsersService } from './users.service';

const userReference = new ZodValidationPipe(idOrUsernameSchema);

@Controller('api/users')
export class UsersController {
  constructor(private readonly service: UsersService) {}

  @Put('profile')
  updateProfile(
    @AuthenticatedUserId() userId: string,
    @Body(new ZodValidationPipe(updateProfileRequestSchema)) body: UpdateProfileRequest,
  ): Promise<UserResponse> {
    return this.service.updateProfile(userId, body);
  }

  @Put('profile/images')
  updateProfileImage(
    @AuthenticatedUserId() userId: string,
    @Body(new ZodValidationPipe(updateProfileImageRequestSchema)) body: UpdateProfileImageRequest,
  ): Promise<UserResponse> {
    return this.service.updateProfileImage(userId, body.imageUrl, body.imageType);
  }

  @Get(':idOrUsername')
  get(
    @OptionalUserId() readerId: string | null,
    @Param('idOrUsername', userReference) reference: string,
  ): Promise<UserResponse> {
    return this.service.getByReference(reference, readerId);
  }
}
