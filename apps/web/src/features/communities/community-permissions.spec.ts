import * as contracts from '@wave/contracts';
import { asMember, makeDetail, makeMember, makePerson } from './testing/community-test-utils';
import {
  canChangeRole,
  canEditSettings,
  canRemoveMember,
  COMMUNITY_ROLES,
  isCommunityRole,
  managerRoleOf,
} from './community-permissions';

const READER_ID = 'reader';
const reader = (role: contracts.CommunityRole) =>
  makeMember({ user: makePerson({ id: READER_ID }), role });

describe('community permissions', () => {
  it('mirror the contract roles', () => {
    expect(COMMUNITY_ROLES).toEqual(contracts.COMMUNITY_ROLES);
    expect(isCommunityRole('moderator')).toBe(true);
    expect(isCommunityRole('admin')).toBe(false);
  });

  it('let owners and moderators manage, from memberInfo', () => {
    expect(managerRoleOf(asMember(makeDetail(), 'owner'))).toBe('owner');
    expect(managerRoleOf(asMember(makeDetail(), 'moderator'))).toBe('moderator');
    expect(managerRoleOf(asMember(makeDetail(), 'member'))).toBeNull();
    expect(managerRoleOf(makeDetail())).toBeNull();
  });

  it('let owners change every role but their own', () => {
    for (const role of COMMUNITY_ROLES) {
      expect(canChangeRole('owner', READER_ID, makeMember({ role }))).toBe(true);
      expect(canChangeRole('moderator', READER_ID, makeMember({ role }))).toBe(false);
    }
    expect(canChangeRole('owner', READER_ID, reader('owner'))).toBe(false);
  });

  it('let owners remove anyone but themselves, and moderators plain members', () => {
    for (const role of COMMUNITY_ROLES) {
      expect(canRemoveMember('owner', READER_ID, makeMember({ role }))).toBe(true);
    }
    expect(canRemoveMember('owner', READER_ID, reader('owner'))).toBe(false);
    expect(canRemoveMember('moderator', READER_ID, makeMember({ role: 'member' }))).toBe(true);
    expect(canRemoveMember('moderator', READER_ID, makeMember({ role: 'moderator' }))).toBe(false);
    expect(canRemoveMember('moderator', READER_ID, makeMember({ role: 'owner' }))).toBe(false);
    expect(canRemoveMember('moderator', READER_ID, reader('moderator'))).toBe(false);
  });

  it('keep the settings for owners', () => {
    expect(canEditSettings('owner')).toBe(true);
    expect(canEditSettings('moderator')).toBe(false);
  });
});
