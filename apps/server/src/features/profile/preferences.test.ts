import { preferenceMessages } from '@dnx/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

const url = '/api/user/user-profile/preferences/';
/** Language and themes until the user changes them: Azerbaijani, light, normal spacing. */
const defaults = { language: 'az', dark_theme: false, compact_theme: false };

describe('preferences API: layout, guided tour, language and themes, per user on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const patch = (payload: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url, payload: payload as object, headers });
  const currentPreferences = async (session: SignedIn) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/current-user/', headers: session.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { user: { preferences: unknown } }).user.preferences;
  };
  const row = async (userId: number) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!;
  const auditsOf = (userId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, userId), eq(auditLog.resource, 'user')))
      .orderBy(auditLog.id);

  it('answers side navigation and an unseen tour with current-user until the user changes them', async () => {
    const operator = await signInAs(t, 'operator@demo.az');
    expect(await currentPreferences(operator)).toEqual({ layout: 'side', tour_seen_at: null, ...defaults });
  });

  it('keeps the layout for the user, so a sign-in on another device gets it', async () => {
    const laptop = await signInAs(t, 'central@demo.az');
    const versionBefore = (await row(laptop.userId)).version;
    const res = await patch({ layout: 'top' }, laptop.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ layout: 'top', tour_seen_at: null, ...defaults });

    // A fresh sign-in (another browser, another device) reads it from the server.
    const phone = await signInAs(t, 'central@demo.az');
    expect(await currentPreferences(phone)).toEqual({ layout: 'top', tour_seen_at: null, ...defaults });
    // The session that changed it sees it at once too (the cached request user was dropped).
    expect(await currentPreferences(laptop)).toEqual({ layout: 'top', tour_seen_at: null, ...defaults });

    // Not a field of the account form: editors of the account need not reload.
    expect((await row(laptop.userId)).version).toBe(versionBefore);
    const audits = await auditsOf(laptop.userId);
    expect(audits.map((a) => [a.action, a.recordId, a.changes])).toEqual([
      ['update', String(laptop.userId), { layout: { before: 'side', after: 'top' } }],
    ]);

    expect((await patch({ layout: 'side' }, phone.headers)).json()).toEqual({
      layout: 'side',
      tour_seen_at: null,
      ...defaults,
    });
    expect(await currentPreferences(laptop)).toEqual({ layout: 'side', tour_seen_at: null, ...defaults });
  });

  it('records the tour as seen once; a replay keeps the first time; false shows it again', async () => {
    const me = await signInAs(t, 'cashier@demo.az');
    const before = Date.now();
    const seen = await patch({ tour_seen: true }, me.headers);
    expect(seen.statusCode).toBe(200);
    const first = (seen.json() as { tour_seen_at: string }).tour_seen_at;
    expect(new Date(first).toISOString()).toBe(first);
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    expect((await row(me.userId)).tourSeenAt?.toISOString()).toBe(first);

    // Finishing a replay changes nothing and writes no audit row.
    expect((await patch({ tour_seen: true }, me.headers)).json()).toEqual({
      layout: 'side',
      tour_seen_at: first,
      ...defaults,
    });
    expect(await currentPreferences(me)).toEqual({ layout: 'side', tour_seen_at: first, ...defaults });
    expect(await auditsOf(me.userId)).toHaveLength(1);

    // Both fields in one call; then an empty body changes nothing.
    expect((await patch({ layout: 'top', tour_seen: false }, me.headers)).json()).toEqual({
      layout: 'top',
      tour_seen_at: null,
      ...defaults,
    });
    expect((await patch({}, me.headers)).json()).toEqual({ layout: 'top', tour_seen_at: null, ...defaults });
    expect(await auditsOf(me.userId)).toHaveLength(2);
  });

  it("changes only the caller's own preferences", async () => {
    const admin = await signInAs(t, 'admin@demo.az');
    const inspector = await signInAs(t, 'inspector@demo.az');
    expect((await patch({ layout: 'top', tour_seen: true }, inspector.headers)).statusCode).toBe(200);
    expect(await currentPreferences(admin)).toEqual({ layout: 'side', tour_seen_at: null, ...defaults });
    // There is no way to name another user: an id in the body is an unknown field.
    const other = await patch({ id: admin.userId, layout: 'top' }, inspector.headers);
    expect(other.statusCode).toBe(400);
    expect(await currentPreferences(admin)).toEqual({ layout: 'side', tour_seen_at: null, ...defaults });
  });

  it('refuses anything but the two fields with their exact values, as field errors', async () => {
    const me = await signInAs(t, 'regional@demo.az');
    const refused = async (payload: unknown) => {
      const res = await patch(payload, me.headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json() as Record<string, string[]>;
    };
    for (const layout of ['left', 'Side', 'TOP', ' side', '', null, 1, ['side'], { side: true }]) {
      expect(await refused({ layout })).toEqual({ layout: [preferenceMessages.layoutInvalid] });
    }
    for (const tourSeen of ['true', 1, 0, null, 'yes', [true]]) {
      expect(await refused({ tour_seen: tourSeen })).toEqual({ tour_seen: [preferenceMessages.tourSeenInvalid] });
    }
    expect(Object.keys(await refused({ layout: 'top', theme: 'dark' }))).toEqual(['non_field_errors']);
    for (const language of ['tr', 'AZ', 'en-US', '', null, 1, ['ru']]) {
      expect(await refused({ language })).toEqual({ language: [preferenceMessages.languageInvalid] });
    }
    for (const dark of ['true', 1, null]) {
      expect(await refused({ dark_theme: dark })).toEqual({ dark_theme: [preferenceMessages.tourSeenInvalid] });
      expect(await refused({ compact_theme: dark })).toEqual({ compact_theme: [preferenceMessages.tourSeenInvalid] });
    }
    expect(Object.keys(await refused({ tour_seen_at: '2024-01-01T00:00:00Z' }))).toEqual(['non_field_errors']);
    for (const json of ['[]', '"top"', '5', 'null']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url,
        payload: json,
        headers: { ...me.headers, 'content-type': 'application/json' },
      });
      expect(res.statusCode, json).toBe(400);
    }
    expect(await currentPreferences(me)).toEqual({ layout: 'side', tour_seen_at: null, ...defaults });
    expect(await auditsOf(me.userId)).toHaveLength(0);
  });

  it('keeps the language and the two themes, combinable, and answers them with current-user on any device', async () => {
    const laptop = await signInAs(t, 'operator@demo.az');
    const res = await patch({ language: 'ru', dark_theme: true }, laptop.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      layout: 'side',
      tour_seen_at: null,
      language: 'ru',
      dark_theme: true,
      compact_theme: false,
    });
    const both = await patch({ compact_theme: true }, laptop.headers);
    expect(both.json()).toMatchObject({ language: 'ru', dark_theme: true, compact_theme: true });
    const phone = await signInAs(t, 'operator@demo.az');
    expect(await currentPreferences(phone)).toEqual({
      layout: 'side',
      tour_seen_at: null,
      language: 'ru',
      dark_theme: true,
      compact_theme: true,
    });
    expect((await row(laptop.userId)).language).toBe('ru');
    const audits = await auditsOf(laptop.userId);
    expect(audits.at(-2)!.changes).toEqual({
      language: { before: 'az', after: 'ru' },
      dark_theme: { before: false, after: true },
    });
    expect(audits.at(-1)!.changes).toEqual({ compact_theme: { before: false, after: true } });
    // Back to Azerbaijani and light, for the next tests of this user.
    await patch({ language: 'az', dark_theme: false, compact_theme: false }, phone.headers);
    expect(await currentPreferences(laptop)).toEqual({ layout: 'side', tour_seen_at: null, ...defaults });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'PATCH', url, payload: { layout: 'top' } });
    expect(res.statusCode).toBe(401);
  });
});
