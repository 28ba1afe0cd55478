import { OutboxTraceContext1796100000000 } from '@wave/messaging';
import { CreateUsersAndFollows1795332921428 } from './1795332921428-create-users-and-follows.migration';
import { AddPinVersion1795335102546 } from './1795335102546-add-pin-version.migration';

/** Every migration, in order. Generated with `npm run migration:generate -- identity <Name>`. */
export const IDENTITY_MIGRATIONS = [
  CreateUsersAndFollows1795332921428,
  AddPinVersion1795335102546,
  OutboxTraceContext1796100000000,
];
