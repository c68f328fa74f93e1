import { authMessages } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { groups, userGroups, users } from '../schema';
import { AdministratorInputError, createAdministrator } from './administrator';

describe('create-admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function roleOf(email: string) {
    const [row] = await t.database.db
      .select({ code: groups.code, hash: users.passwordHash, active: users.isActive })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(users.email, email));
    return row;
  }

  it('makes the first administrator of an empty database', async () => {
    const result = await createAdministrator(t.database.db, { email: ' Boss@Agency.AZ ', password: 'Strong2026pass' });
    expect(result.created).toBe(true);
    const row = await roleOf('boss@agency.az');
    expect(row?.code).toBe('admin');
    expect(await verifyPassword(row!.hash, 'Strong2026pass')).toBe(true);
  });

  it('re-activates an existing account and sets its password', async () => {
    await t.writeOutside((db) => db.update(users).set({ isActive: false }).where(eq(users.email, 'boss@agency.az')));
    const result = await createAdministrator(t.database.db, { email: 'boss@agency.az', password: 'Another2026pass' });
    expect(result.created).toBe(false);
    const row = await roleOf('boss@agency.az');
    expect(row?.active).toBe(true);
    expect(await verifyPassword(row!.hash, 'Another2026pass')).toBe(true);
  });

  it('refuses a bad e-mail or a weak password with the rule broken', async () => {
    await expect(createAdministrator(t.database.db, { email: 'nope', password: 'Strong2026pass' })).rejects.toThrow(
      AdministratorInputError,
    );
    await expect(createAdministrator(t.database.db, { email: 'a@b.az', password: '12345678' })).rejects.toThrow(
      authMessages.resetPasswordOnlyDigits,
    );
  });
});
