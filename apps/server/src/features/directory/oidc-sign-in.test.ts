import { eq } from 'drizzle-orm';
import type { DirectoryMapping } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, directoryIdentities, sessions, users } from '../../db/schema';
import { signInAs } from '../../test/auth-helpers';
import { directoryKit, type DirectoryKit } from './directory-test-kit';

const mapping: Partial<DirectoryMapping> = {
  groupsClaim: 'groups',
  roles: { 'dnx-cashiers': 'D', 'dnx-operators': 'F' },
  regionClaim: 'region',
  regionGroups: { 'office-ganja': 'Gəncə' },
  requiredGroups: ['dnx-cashiers', 'dnx-operators'],
  createUsers: true,
  sync: true,
};

const people = {
  samira: {
    password: 'pw-samira',
    email: 'samira@agency.az',
    given_name: 'Samirə',
    family_name: 'Kərimova',
    groups: ['dnx-cashiers', 'staff'],
    region: 'Bakı',
    amr: ['pwd', 'otp'],
  },
  outsider: { password: 'pw-out', email: 'outsider@agency.az', groups: ['staff'] },
};

describe('OpenID Connect sign-in against a real provider (issue 59)', () => {
  let kit: DirectoryKit;
  beforeAll(async () => {
    kit = await directoryKit({ users: people, mapping });
  });
  afterAll(async () => kit.close());

  it('lists the provider for the sign-in screen, its name in three languages', async () => {
    const res = await kit.t.app.inject({ method: 'GET', url: '/api/auth/directory/providers/' });
    expect(res.json()).toEqual({
      providers: [
        {
          id: 'agency',
          type: 'oidc',
          name: { az: 'Agentlik kataloqu', en: 'Agency directory', ru: 'Каталог агентства' },
        },
      ],
      auto_redirect: null,
      local_form: true,
    });
  });

  it('signs a new person in with exactly the account, groups, role and region the preview showed', async () => {
    const admin = await signInAs(kit.t, 'admin@demo.az');
    const claims = {
      sub: 'samira',
      email: 'samira@agency.az',
      email_verified: true,
      given_name: 'Samirə',
      family_name: 'Kərimova',
      groups: ['dnx-cashiers', 'staff'],
      region: 'Bakı',
    };
    const preview = await kit.t.app.inject({
      method: 'POST',
      url: '/api/admin/directory/preview/',
      headers: admin.headers,
      payload: { provider: 'agency', claims },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json();
    expect(shown).toMatchObject({
      allowed: true,
      account: { action: 'create', id: null, email: 'samira@agency.az', first_name: 'Samirə' },
      roles: ['D'],
      region: { name: 'Bakı' },
      writes_access: true,
    });
    // The preview wrote nothing.
    expect(await kit.t.database.db.select().from(users).where(eq(users.email, 'samira@agency.az'))).toEqual([]);

    const { answer } = await kit.signIn('samira');
    // amr says otp: no second step of the product's own.
    expect(answer).toHaveProperty('access');
    const me = await kit.t.app.inject({
      method: 'POST',
      url: '/api/user/current-user/',
      headers: { authorization: `Bearer ${answer!.access as string}` },
    });
    const user = me.json().user;
    expect(user.email).toBe('samira@agency.az');
    expect(user.groups).toEqual(shown.groups);
    expect(user.region).toBe(shown.region.id);

    const [identity] = await kit.t.database.db.select().from(directoryIdentities);
    expect(identity).toMatchObject({ issuer: kit.relay.url, subject: 'samira', userId: user.id });
    const actions = (
      await kit.t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.recordId, String(user.id)))
    ).map((row) => `${row.action}:${row.result}`);
    expect(actions).toEqual(
      expect.arrayContaining(['directory_create:success', 'directory_link:success', 'sign_in:success']),
    );
  });

  it('refuses a person outside the required groups, with the reason, leaving no account or session', async () => {
    const before = (await kit.t.database.db.select().from(sessions)).length;
    const { finish } = await kit.signIn('outsider');
    expect(finish.searchParams.get('error')).toBe('not_in_required_groups');
    expect(await kit.t.database.db.select().from(users).where(eq(users.email, 'outsider@agency.az'))).toEqual([]);
    expect((await kit.t.database.db.select().from(sessions)).length).toBe(before);
  });
});
