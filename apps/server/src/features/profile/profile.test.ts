import { authMessages, userMessages } from '@dnx/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { demoPassword } from '../../demo/data';
import { verifyPassword } from '../../lib/passwords';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('profile API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  it('lets any signed-in user change their own phone, with its field error', async () => {
    const inspector = await signInAs(t, 'inspector@demo.az');
    const bad = await post('/api/user/user-profile/change-phone/', { phone: '0501234567' }, inspector.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone: [userMessages.phoneInvalid] });
    const res = await post('/api/user/user-profile/change-phone/', { phone: '+994709998877' }, inspector.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: userMessages.phoneChanged });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, inspector.userId));
    expect(row!.phone).toBe('+994709998877');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, inspector.userId));
    expect(audit!.changes).toEqual({ phone: { before: '', after: '+994709998877' } });
  });

  it('changes the password with the old one and ends the other sessions, keeping this one', async () => {
    const current = await signInAs(t, 'cashier@demo.az');
    const other = await signInAs(t, 'cashier@demo.az');
    const wrong = await post(
      '/api/user/user-profile/change-password/',
      { oldPassword: 'not-it-123', newPassword: 'Yeni12345', confirmNewPassword: 'Yeni12345' },
      current.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ oldPassword: [userMessages.oldPasswordWrong] });
    // An empty old password is missing, not wrong (issue 30).
    const empty = await post(
      '/api/user/user-profile/change-password/',
      { oldPassword: '', newPassword: 'Yeni12345', confirmNewPassword: 'Yeni12345' },
      current.headers,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ oldPassword: [userMessages.oldPasswordRequired] });
    const rules = await post(
      '/api/user/user-profile/change-password/',
      { oldPassword: demoPassword, newPassword: 'abcdefgh', confirmNewPassword: 'abcdefgi' },
      current.headers,
    );
    expect(rules.json()).toMatchObject({ newPassword: [authMessages.resetPasswordOnlyLetters] });
    const spaces = await post(
      '/api/user/user-profile/change-password/',
      { oldPassword: demoPassword, newPassword: '        ', confirmNewPassword: '        ' },
      current.headers,
    );
    expect(spaces.json()).toEqual({ newPassword: [authMessages.passwordTooCommon] });
    const common = await post(
      '/api/user/user-profile/change-password/',
      { oldPassword: demoPassword, newPassword: 'abc12345', confirmNewPassword: 'abc12345' },
      current.headers,
    );
    expect(common.json()).toEqual({ newPassword: [authMessages.passwordTooCommon] });
    const mismatch = await post(
      '/api/user/user-profile/change-password/',
      { oldPassword: demoPassword, newPassword: 'Yeni12345', confirmNewPassword: 'Yeni123456' },
      current.headers,
    );
    expect(mismatch.json()).toEqual({ confirmNewPassword: [authMessages.resetPasswordsDiffer] });

    const [{ auditedBefore }] = (await t.database.db
      .select({ auditedBefore: sql<number>`coalesce(max(${auditLog.id}), 0)::int` })
      .from(auditLog)) as [{ auditedBefore: number }];
    const res = await post(
      '/api/user/user-profile/change-password/',
      { oldPassword: demoPassword, newPassword: 'Yeni12345', confirmNewPassword: 'Yeni12345' },
      current.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: userMessages.passwordChanged });
    expect((await post('/api/user/current-user/', {}, current.headers)).statusCode).toBe(200);
    expect((await post('/api/user/current-user/', {}, other.headers)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, current.userId));
    expect(await verifyPassword(row!.passwordHash, 'Yeni12345')).toBe(true);
    // Only what this change wrote: the demo cashier's earlier rows (the demo payments) are not its.
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, current.userId), gt(auditLog.id, auditedBefore)));
    expect(audits.map((a) => a.action)).toEqual(['change_password']);
    expect(audits[0]!.changes).toEqual({});
  });

  it('limits guesses of the old password', async () => {
    const me = await signInAs(t, 'regional@demo.az');
    const guess = () =>
      post(
        '/api/user/user-profile/change-password/',
        { oldPassword: 'guess-1234', newPassword: 'Yeni12345', confirmNewPassword: 'Yeni12345' },
        me.headers,
      );
    for (let i = 0; i < 3; i += 1) expect((await guess()).statusCode).toBe(400);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/user-profile/change-phone/', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
