import { IdentityHarness } from './identity-harness';

describe('identity: profiles', () => {
  const harness = new IdentityHarness();
  let ada: { id: string; cookie: string };
  let grace: { id: string; cookie: string };

  beforeAll(async () => {
    await harness.start('profiles');
    ada = await harness.register('Ada');
    grace = await harness.register('grace');
  });
  afterAll(() => harness.stop());

  describe('GET /api/users/{idOrUsername}', () => {
    it('finds a user by id and by username in any case, without the email for others', async () => {
      for (const reference of [ada.id, 'Ada', 'ada', 'ADA']) {
        const response = await harness.call('GET', `/api/users/${reference}`, { as: grace.id });
        expect(response.statusCode).toBe(200);
        const user = response.json();
        expect(user).toMatchObject({ id: ada.id, username: 'Ada', isFollowing: false });
        expect(user).not.toHaveProperty('email');
      }
    });

    it('includes the email on the own record and nothing about following', async () => {
      const response = await harness.call('GET', `/api/users/${ada.id}`, { as: ada.id });
      expect(response.json()).toMatchObject({ email: 'ada@example.test' });
      expect(response.json()).not.toHaveProperty('isFollowing');
    });

    it('shows visitors the public record', async () => {
      const response = await harness.call('GET', '/api/users/grace', { as: null });
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('email');
      expect(response.json()).not.toHaveProperty('isFollowing');
    });

    it('answers 404 for an unknown user and 400 for a malformed reference', async () => {
      const missing = await harness.call('GET', '/api/users/0190b1de-1111-7000-8000-00000000dead', {
        as: null,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'User not found' });
      const unknownName = await harness.call('GET', '/api/users/nobody_here', { as: null });
      expect(unknownName.statusCode).toBe(404);
      const malformed = await harness.call('GET', '/api/users/not%20valid!', { as: null });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'User must be given by a valid id or username' });
    });
  });

  describe('PUT /api/users/profile', () => {
    it('changes the four fields, trimming them and clearing empty ones', async () => {
      const response = await harness.call('PUT', '/api/users/profile', {
        as: ada.id,
        body: {
          displayName: '  Ada L.  ',
          firstName: 'Ada',
          lastName: 'Lovelace',
          bio: 'Poetical science',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        displayName: 'Ada L.',
        firstName: 'Ada',
        lastName: 'Lovelace',
        bio: 'Poetical science',
        email: 'ada@example.test',
      });
      const cleared = await harness.call('PUT', '/api/users/profile', {
        as: ada.id,
        body: { bio: '   ', firstName: null },
      });
      expect(cleared.json()).toMatchObject({
        displayName: 'Ada L.',
        bio: null,
        firstName: null,
        lastName: 'Lovelace',
      });
    });

    it('bumps the version and publishes user.updated through the outbox', async () => {
      const [before] = await harness.dataSource.query(
        `SELECT version FROM identity.users WHERE id = $1`,
        [ada.id],
      );
      await harness.call('PUT', '/api/users/profile', { as: ada.id, body: { bio: 'Versioned' } });
      const [after] = await harness.dataSource.query(
        `SELECT version FROM identity.users WHERE id = $1`,
        [ada.id],
      );
      expect(after.version).toBe(before.version + 1);
      const events = await harness.dataSource.query(
        `SELECT payload FROM identity.outbox WHERE name = 'user.updated' ORDER BY id DESC LIMIT 1`,
      );
      expect(events[0].payload).toMatchObject({
        userId: ada.id,
        bio: 'Versioned',
        version: after.version,
      });
    });

    it.each([
      [
        { username: 'hijack' },
        'Only displayName, firstName, lastName and bio can be changed here (got "username")',
      ],
      [
        { bio: 'ok', email: 'x@example.test', verified: true },
        'Only displayName, firstName, lastName and bio can be changed here (got "email", "verified")',
      ],
      [{}, 'Nothing to update: send displayName, firstName, lastName or bio'],
      [{ displayName: '   ' }, 'Display name is required'],
      [{ displayName: 'x'.repeat(51) }, 'Display name must be at most 50 characters'],
      [{ firstName: 'x'.repeat(51) }, 'First name must be at most 50 characters'],
      [{ lastName: 'x'.repeat(51) }, 'Last name must be at most 50 characters'],
      [{ bio: 'x'.repeat(161) }, 'Bio must be at most 160 characters'],
      [{ bio: 42 }, 'Bio must be text'],
    ])('refuses %p with 400 "%s" and changes nothing', async (body, message) => {
      const before = (await harness.call('GET', '/api/user', { as: ada.id })).json();
      const response = await harness.call('PUT', '/api/users/profile', { as: ada.id, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      const after = (await harness.call('GET', '/api/user', { as: ada.id })).json();
      expect(after).toEqual(before);
    });

    it('needs a signed-in user', async () => {
      const response = await harness.call('PUT', '/api/users/profile', {
        as: null,
        body: { bio: 'x' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    });
  });

  describe('PUT /api/users/profile/images', () => {
    const upload = (name: string) =>
      `/objects/uploads/0190b1de-1111-7000-8000-${name.padStart(12, '0')}`;

    it('stores the object path of the avatar and of the cover, claimed for that use', async () => {
      const avatar = await harness.call('PUT', '/api/users/profile/images', {
        as: grace.id,
        body: { imageUrl: upload('a1'), imageType: 'profile' },
      });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.json()).toMatchObject({ profileImageUrl: upload('a1'), coverImageUrl: null });
      const cover = await harness.call('PUT', '/api/users/profile/images', {
        as: grace.id,
        body: {
          imageUrl: `http://localhost:3000${upload('c1')}?expires=1&signature=abc`,
          imageType: 'cover',
        },
      });
      expect(cover.json()).toMatchObject({
        profileImageUrl: upload('a1'),
        coverImageUrl: upload('c1'),
      });
      expect(harness.claims).toContainEqual({
        ownerId: grace.id,
        objectPaths: [upload('c1')],
        purpose: 'cover',
        subjectId: grace.id,
      });
    });

    it('claims nothing for a user that does not exist', async () => {
      const nobody = '0190b1de-1111-7000-8000-00000000dead';
      const response = await harness.call('PUT', '/api/users/profile/images', {
        as: nobody,
        body: { imageUrl: upload('n1'), imageType: 'profile' },
      });
      expect(response.statusCode).toBe(401);
      expect(harness.claims.some((claim) => claim.subjectId === nobody)).toBe(false);
    });

    it('refuses an image uploaded by someone else with 403, and changes nothing', async () => {
      const response = await harness.call('PUT', '/api/users/profile/images', {
        as: grace.id,
        body: { imageUrl: '/objects/uploads/theirs', imageType: 'profile' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'This image was uploaded by someone else' });
      expect(
        (await harness.call('GET', '/api/user', { as: grace.id })).json().profileImageUrl,
      ).toBe(upload('a1'));
    });

    it('gives the image back when the update fails after the claim, never the avatar it has', async () => {
      const current = upload('a1');
      const refused = upload('f1');
      const avatarOf = async () =>
        (await harness.call('GET', '/api/user', { as: grace.id })).json<{
          profileImageUrl: string | null;
        }>().profileImageUrl;
      expect(await avatarOf()).toBe(current);
      // A real refusal from PostgreSQL at the update, after every check and the claim.
      await harness.dataSource.query(
        `ALTER TABLE identity.users ADD CONSTRAINT ck_test_refused
         CHECK (profile_image_url NOT IN ('${refused}', '${current}')) NOT VALID`,
      );
      const failed = [];
      try {
        for (const imageUrl of [refused, current]) {
          failed.push(
            await harness.call('PUT', '/api/users/profile/images', {
              as: grace.id,
              body: { imageUrl, imageType: 'profile' },
            }),
          );
        }
      } finally {
        await harness.dataSource.query(
          `ALTER TABLE identity.users DROP CONSTRAINT ck_test_refused`,
        );
      }
      expect(failed.map((response) => response.statusCode)).toEqual([500, 500]);
      expect(await avatarOf()).toBe(current);
      // Both claims were given back; media let go of the new image only.
      for (const imageUrl of [refused, current]) {
        const asked = harness.claims.filter((claim) => claim.objectPaths[0] === imageUrl);
        expect(asked).toHaveLength(imageUrl === current ? 2 : 1);
      }
      expect(harness.releases.slice(-2)).toEqual([
        { ownerId: grace.id, purpose: 'profile', subjectId: grace.id, claimId: expect.any(String) },
        { ownerId: grace.id, purpose: 'profile', subjectId: grace.id, claimId: expect.any(String) },
      ]);
      const held = harness.heldClaims().filter((claim) => claim.purpose === 'profile');
      expect(held).toContainEqual({ objectPath: current, purpose: 'profile', subjectId: grace.id });
      expect(held).not.toContainEqual(expect.objectContaining({ objectPath: refused }));

      // The same image is set fine on the retry.
      const retried = await harness.call('PUT', '/api/users/profile/images', {
        as: grace.id,
        body: { imageUrl: refused, imageType: 'profile' },
      });
      expect(retried.statusCode).toBe(200);
      expect(harness.heldClaims()).toContainEqual({
        objectPath: refused,
        purpose: 'profile',
        subjectId: grace.id,
      });
    });

    it.each([
      [
        { imageUrl: 'https://evil.example/x.png', imageType: 'profile' },
        'imageUrl must be an image you uploaded (its upload URL or /objects/uploads/... path)',
      ],
      [
        { imageUrl: '/objects/../etc/passwd', imageType: 'profile' },
        'imageUrl must be an image you uploaded (its upload URL or /objects/uploads/... path)',
      ],
      [
        { imageUrl: '/objects/uploads/missing', imageType: 'profile' },
        'imageUrl must be an image you uploaded (its upload URL or /objects/uploads/... path)',
      ],
      [
        { imageUrl: '/objects/uploads/a', imageType: 'banner' },
        'imageType must be "profile" or "cover"',
      ],
      [{ imageType: 'profile' }, 'imageUrl is required'],
    ])('refuses %p with 400 "%s"', async (body, message) => {
      const response = await harness.call('PUT', '/api/users/profile/images', {
        as: grace.id,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });
});
