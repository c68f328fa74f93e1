import {
  azCompare,
  listMessages,
  userExportColumns,
  userListSpec,
  userMessages,
  authMessages,
  versionMessages,
  type User,
} from '@dnx/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  groups,
  passwordResetTokens,
  regions,
  sessions,
  userGroups,
  userPermissions,
  users,
} from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { expectedCsv } from '../../test/list-export';
import { createTestApp, type TestApp } from '../../test/test-app';

const password = 'Parol1234';
let serial = 0;

describe('users API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let baku: number;
  let ganja: number;
  let groupIds: Record<string, number>;

  const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const post = (url: string, payload: object, who: SignedIn = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers: who.headers });
  const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

  function account(overrides: Record<string, unknown> = {}) {
    serial += 1;
    return {
      email: `person${serial}@test.az`,
      password,
      confirm_password: password,
      first_name: 'Vüqar',
      last_name: 'Nəsirov',
      parent_name: 'Kamal',
      phone: '+994501234567',
      date_of_birth: '1990-05-17',
      region: baku,
      groups: [],
      user_permissions: [],
      ...overrides,
    };
  }

  async function createUser(overrides: Record<string, unknown> = {}, who: SignedIn = admin): Promise<User> {
    const res = await post('/api/user/users/create-account/', account(overrides), who);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.data as User;
  }

  async function createGroup(name: string, codes: string[]): Promise<number> {
    const all = (await get('/api/user/permissions/')).json() as { id: number; code: string }[];
    const res = await post('/api/user/groups/', {
      name,
      permissions: all.filter((p) => codes.includes(p.code)).map((p) => p.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az', { steppedUp: true });
    const regionRows = await t.database.db.select().from(regions);
    baku = regionRows.find((r) => r.name === 'Bakı')!.id;
    ganja = regionRows.find((r) => r.name === 'Gəncə')!.id;
    groupIds = Object.fromEntries((await t.database.db.select().from(groups)).map((g) => [g.code, g.id]));
  });
  afterAll(() => t.close());

  describe('create-account', () => {
    it('answers 201 {"data": {"data": user}} and audits the new account without its password', async () => {
      const before = await auditCount();
      const res = await post('/api/user/users/create-account/', account({ groups: [groupIds.operator] }));
      expect(res.statusCode).toBe(201);
      const user = res.json().data.data;
      expect(user).toMatchObject({
        first_name: 'Vüqar',
        region: baku,
        region_name: 'Bakı',
        is_active: true,
        groups: [groupIds.operator],
        group_names: ['Operator'],
      });
      expect(user).not.toHaveProperty('password');
      expect(await auditCount()).toBe(before + 1);
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'user'), eq(auditLog.recordId, String(user.id))));
      expect(row).toMatchObject({ action: 'create', actorId: admin.userId, actorEmail: 'admin@demo.az' });
      expect(row!.changes.email).toEqual({ before: null, after: user.email });
      expect(JSON.stringify(row!.changes)).not.toMatch(/password|argon/i);
    });

    it('puts every validation message under its field', async () => {
      const res = await post('/api/user/users/create-account/', {
        email: '',
        password: '1234',
        confirm_password: '4321',
        first_name: '',
        last_name: ' ',
        parent_name: '',
        phone: '050 123',
        date_of_birth: '',
        region: 0,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        email: [userMessages.emailRequired],
        password: [authMessages.resetPasswordTooShort],
        first_name: [userMessages.firstNameRequired],
        last_name: [userMessages.lastNameRequired],
        parent_name: [userMessages.parentNameRequired],
        phone: [userMessages.phoneInvalid],
        date_of_birth: [userMessages.birthDayRequired],
        region: [userMessages.regionRequired],
      });
      const digits = await post(
        '/api/user/users/create-account/',
        account({ password: '12345678', confirm_password: '12345678' }),
      );
      expect(digits.json()).toEqual({ password: [authMessages.resetPasswordOnlyDigits] });
      for (const weak of ['        ', '!!!!!!!!', 'a1a1a1a1', 'Password1', 'qwerty123', 'abc12345']) {
        const res = await post('/api/user/users/create-account/', account({ password: weak, confirm_password: weak }));
        expect(res.json(), weak).toEqual({ password: [authMessages.passwordTooCommon] });
      }
      const mismatch = await post('/api/user/users/create-account/', account({ confirm_password: 'Parol12345' }));
      expect(mismatch.json()).toEqual({ confirm_password: [authMessages.resetPasswordsDiffer] });
      const email = await post('/api/user/users/create-account/', account({ email: 'not-an-email' }));
      expect(email.json()).toEqual({ email: [userMessages.emailInvalid] });
    });

    it('refuses a taken address in any letter case, unknown groups, permissions and regions, and audits nothing', async () => {
      const before = await auditCount();
      const taken = await post('/api/user/users/create-account/', account({ email: 'ADMIN@Demo.az' }));
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ email: [userMessages.emailTaken] });
      const unknown = await post(
        '/api/user/users/create-account/',
        account({ groups: [999_999], user_permissions: [999_999], region: 999_999 }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        groups: [userMessages.choiceMissing],
        user_permissions: [userMessages.choiceMissing],
        region: [userMessages.choiceMissing],
      });
      expect(await auditCount()).toBe(before);
    });

    it('answers a malformed JSON body with 400, not 500', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/users/create-account/',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'JSON parse error.' });
    });
  });

  describe('list', () => {
    it('pages 10 by default with absolute next and previous links, as DRF does', async () => {
      for (let i = 0; i < 12; i += 1) await createUser({ parent_name: 'Səhifə' });
      const first = await get('/api/user/users/?parent_name=səhifə');
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.count).toBe(12);
      expect(body.results).toHaveLength(10);
      expect(body.previous).toBeNull();
      expect(body.next).toBe('http://localhost/api/user/users/?parent_name=s%C9%99hif%C9%99&page=2');
      const second = (await get('/api/user/users/?parent_name=səhifə&page=2')).json();
      expect(second.results).toHaveLength(2);
      expect(second.next).toBeNull();
      expect(second.previous).toBe('http://localhost/api/user/users/?parent_name=s%C9%99hif%C9%99');
      const middle = (await get('/api/user/users/?parent_name=S%C6%8FH%C4%B0F%C6%8F&per_page=5&page=2')).json();
      expect(middle.count).toBe(12);
      expect(new URL(middle.next).searchParams.get('page')).toBe('3');
      expect(new URL(middle.previous).searchParams.get('page')).toBeNull();
    });

    it('answers a page past the end with 404 Invalid page', async () => {
      const res = await get('/api/user/users/?parent_name=səhifə&page=3');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Invalid page.' });
      const empty = await get('/api/user/users/?email=nobody@nowhere.az');
      expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
      expect((await get('/api/user/users/?email=nobody@nowhere.az&page=2')).statusCode).toBe(404);
    });

    it('refuses per_page 0 or above 100, a bad page and an unknown order_by with 400 field errors', async () => {
      for (const perPage of ['0', '1000', 'abc', '-1']) {
        const res = await get(`/api/user/users/?per_page=${perPage}`);
        expect(res.statusCode, perPage).toBe(400);
        expect(res.json(), perPage).toEqual({ per_page: [listMessages.perPageInvalid] });
      }
      expect((await get('/api/user/users/?page=0')).json()).toEqual({ page: [listMessages.pageInvalid] });
      for (const field of ['password_hash', 'nonsense', '-password_hash']) {
        const res = await get(`/api/user/users/?order_by=${field}`);
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json())).toEqual(['order_by']);
        expect(res.json().order_by[0]).toContain('first_name');
      }
      expect((await get('/api/user/users/?order=sideways')).json()).toEqual({ order: [listMessages.orderInvalid] });
      expect((await get('/api/user/users/?is_active=maybe')).statusCode).toBe(400);
      expect((await get('/api/user/users/?id=abc')).json()).toEqual({ id: [listMessages.idInvalid] });
      expect((await get('/api/user/users/?date_of_birth=17.05.1990')).json()).toEqual({
        date_of_birth: [listMessages.dateInvalid],
      });
      expect((await get('/api/user/users/?per_page=100')).statusCode).toBe(200);
    });

    it('gives every row with no_page=1, without links', async () => {
      const res = await get('/api/user/users/?no_page=1&parent_name=səhifə');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ count: 12, next: null, previous: null });
      expect(body.results).toHaveLength(12);
      const everyone = (await get('/api/user/users/?no_page=true')).json();
      expect(everyone.count).toBe(everyone.results.length);
      expect(everyone.count).toBeGreaterThan(12);
    });

    it('filters text case-insensitively with Azerbaijani letters, and searches every word', async () => {
      const ismayil = await createUser({ first_name: 'İsmayıl', last_name: 'Qəhrəmanlı' });
      for (const query of [
        'first_name=ismayil',
        'first_name=ISMAYIL',
        'first_name=%C4%B0SMAYIL',
        'first_name=%C4%B1smay%C4%B1l',
        'search=ismayıl%20qəhrəman',
        'search=qehreman',
        'last_name=QƏHRƏMAN',
      ]) {
        const body = (await get(`/api/user/users/?${query}`)).json();
        expect(
          body.results.map((u: User) => u.id),
          query,
        ).toEqual([ismayil.id]);
      }
      // Search looks in every name: it also finds the demo regional head, Tural İsmayılov.
      const searched = (await get('/api/user/users/?search=ISMAYIL&no_page=1'))
        .json()
        .results.map((u: User) => u.email);
      expect(searched).toEqual(expect.arrayContaining([ismayil.email, 'regional@demo.az']));
      expect(searched).toHaveLength(2);
      expect((await get('/api/user/users/?search=ismayil%20nəsirov')).json().count).toBe(0);
      // LIKE's wildcards are plain characters in a filter.
      expect((await get('/api/user/users/?first_name=%25')).json().count).toBe(0);
      expect((await get('/api/user/users/?first_name=_')).json().count).toBe(0);
    });

    it('filters email= exactly (the form checks an address is free), and id, region, status and group', async () => {
      const taken = (await get('/api/user/users/?email=Admin@Demo.AZ')).json();
      expect(taken.count).toBe(1);
      expect(taken.results[0].email).toBe('admin@demo.az');
      expect((await get('/api/user/users/?email=admin')).json().count).toBe(0);
      expect((await get('/api/user/users/?email=free@demo.az')).json().count).toBe(0);
      expect((await get(`/api/user/users/?id=${admin.userId}`)).json().results.map((u: User) => u.email)).toEqual([
        'admin@demo.az',
      ]);
      const operators = (await get(`/api/user/users/?groups=${groupIds.operator}&region=${ganja}`)).json();
      expect(operators.results.map((u: User) => u.email)).toEqual(['operator@demo.az']);
      const inactive = await createUser({ is_active: false, parent_name: 'Passiv' });
      const byStatus = (await get('/api/user/users/?is_active=false&parent_name=passiv')).json();
      expect(byStatus.results.map((u: User) => u.id)).toEqual([inactive.id]);
      expect((await get('/api/user/users/?date_of_birth=1990-05-17&parent_name=passiv')).json().count).toBe(1);
      // An empty value is no filter.
      expect((await get('/api/user/users/?first_name=&email=')).json().count).toBeGreaterThan(10);
    });

    it('orders text by the Azerbaijani alphabet, both ways, with order or a leading minus', async () => {
      const names = [
        'Zeynalov',
        'Əliyev',
        'Eyvazov',
        'Çələbi',
        'Cəfərov',
        'İsmayılov',
        'Ibrahimov',
        'Hüseynov',
        'Xəlilov',
        'Şirinov',
        'Sadıqov',
        'Ömərov',
        'Orucov',
        'Ünsalov',
        'Umudov',
        'Ağayev',
        'Qasımov',
        'Kərimov',
      ];
      for (const lastName of names) await createUser({ last_name: lastName, parent_name: 'Sıralama' });
      const expected = [...names].sort(azCompare);
      expect(expected.slice(0, 5)).toEqual(['Ağayev', 'Cəfərov', 'Çələbi', 'Eyvazov', 'Əliyev']);
      const lastNames = async (query: string) =>
        (await get(`/api/user/users/?parent_name=sıralama&no_page=1&${query}`))
          .json()
          .results.map((u: User) => u.last_name);
      expect(await lastNames('order_by=last_name')).toEqual(expected);
      expect(await lastNames('order_by=last_name&order=desc')).toEqual([...expected].reverse());
      expect(await lastNames('order_by=-last_name')).toEqual([...expected].reverse());
      expect(await lastNames('order_by=last_name&order=descend')).toEqual([...expected].reverse());
      // Paging an order never repeats or skips a row.
      const paged: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const body = (
          await get(`/api/user/users/?parent_name=sıralama&order_by=last_name&per_page=5&page=${page}`)
        ).json();
        paged.push(...body.results.map((u: User) => u.last_name));
      }
      expect(paged).toEqual(expected);
      const ids = (await get('/api/user/users/?no_page=1&order_by=id&order=desc'))
        .json()
        .results.map((u: User) => u.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      for (const field of userListSpec.orderBy) {
        expect((await get(`/api/user/users/?order_by=${field}`)).statusCode, field).toBe(200);
      }
    });
  });

  describe('counts kept between writes (issue 31)', () => {
    const countOf = async (query = '') => {
      const res = await get(`/api/user/users/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    };

    it('follows a new account, a deletion and a deactivation at once (migration 0047)', async () => {
      const total = await countOf();
      // Read twice: the second answer is the kept count.
      expect(await countOf()).toBe(total);
      const inactive = await countOf('?is_active=false');
      const user = await createUser({ parent_name: 'Sayğac' });
      expect(await countOf()).toBe(total + 1);
      expect(await countOf('?parent_name=sayğac')).toBe(1);
      expect(await countOf('?is_active=false')).toBe(inactive);

      const res = await post('/api/user/users/change-account-status/', { id: user.id, is_active: false });
      expect(res.statusCode, res.body).toBe(201);
      expect(await countOf('?is_active=false')).toBe(inactive + 1);
      expect(await countOf('?is_active=false&parent_name=sayğac')).toBe(1);

      const deleted = await post('/api/user/users/delete-multiple/', { pkList: [user.id] });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await countOf()).toBe(total);
      expect(await countOf('?is_active=false')).toBe(inactive);
      expect(await countOf('?parent_name=sayğac')).toBe(0);
    });

    it("follows a membership written outside the API in the groups filter's count", async () => {
      const user = await createUser({ parent_name: 'Üzvlük' });
      const members = await countOf(`?groups=${groupIds.inspector}`);
      expect(await countOf(`?groups=${groupIds.inspector}`)).toBe(members);
      // Only user_groups is written: the users row stays as it was.
      await t.writeOutside((db) => db.insert(userGroups).values({ userId: user.id, groupId: groupIds.inspector! }));
      expect(await countOf(`?groups=${groupIds.inspector}`)).toBe(members + 1);
      const page = (await get(`/api/user/users/?groups=${groupIds.inspector}&parent_name=üzvlük`)).json();
      expect(page.results.map((u: User) => [u.id, u.groups])).toEqual([[user.id, [groupIds.inspector]]]);
    });
  });

  describe('pages kept between writes (issue 31)', () => {
    it("follows an edit, a membership, a direct permission, a group's and a region's new name at once", async () => {
      const user = await createUser({ parent_name: 'Saxlanan', groups: [groupIds.inspector] });
      const page = async () => {
        const res = await get(`/api/user/users/?parent_name=saxlanan`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().results as User[];
      };
      const only = async () => {
        const results = await page();
        expect(results).toHaveLength(1);
        return results[0]!;
      };
      // Read twice: the second answer is the kept page.
      expect(await page()).toEqual(await page());
      expect((await only()).first_name).toBe('Vüqar');

      const edited = await post('/api/user/users/update-account/', {
        ...account({ parent_name: 'Saxlanan', groups: [groupIds.inspector] }),
        id: user.id,
        email: user.email,
        first_name: 'Rəşad',
        version: user.version,
        password: undefined,
        confirm_password: undefined,
      });
      expect(edited.statusCode, edited.body).toBe(201);
      expect((await only()).first_name).toBe('Rəşad');

      const permission = (await get('/api/user/permissions/')).json()[0] as { id: number };
      await t.writeOutside((db) => db.insert(userPermissions).values({ userId: user.id, permissionId: permission.id }));
      expect((await only()).user_permissions).toEqual([permission.id]);

      await t.writeOutside((db) => db.insert(userGroups).values({ userId: user.id, groupId: groupIds.operator! }));
      expect((await only()).groups).toEqual([groupIds.inspector, groupIds.operator].sort((a, b) => a! - b!));

      const [group] = await t.database.db.select().from(groups).where(eq(groups.id, groupIds.inspector!));
      await t.writeOutside((db) =>
        db.update(groups).set({ name: 'Müfəttiş (yeni)' }).where(eq(groups.id, groupIds.inspector!)),
      );
      expect((await only()).group_names).toContain('Müfəttiş (yeni)');
      await t.writeOutside((db) => db.update(groups).set({ name: group!.name }).where(eq(groups.id, group!.id)));

      const [region] = await t.database.db.select().from(regions).where(eq(regions.id, baku));
      await t.writeOutside((db) => db.update(regions).set({ name: 'Bakı (yeni)' }).where(eq(regions.id, baku)));
      expect((await only()).region_name).toBe('Bakı (yeni)');
      await t.writeOutside((db) => db.update(regions).set({ name: region!.name }).where(eq(regions.id, baku)));
      expect((await only()).region_name).toBe(region!.name);
    });
  });

  describe('read, update and status', () => {
    it('reads a user for edit and answers 404 for an unknown id', async () => {
      const user = await createUser();
      const res = await get(`/api/user/users/${user.id}/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(user);
      expect((await get('/api/user/users/999999/')).statusCode).toBe(404);
    });

    it('updates an account (201 data.data), audits the changed fields only, and checks the address', async () => {
      const user = await createUser({ groups: [groupIds.inspector] });
      const res = await post('/api/user/users/update-account/', {
        ...account({ email: user.email, phone: '+994551112233', groups: [groupIds.operator], region: ganja }),
        id: user.id,
        version: user.version,
        password: undefined,
        confirm_password: undefined,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.data).toMatchObject({
        id: user.id,
        phone: '+994551112233',
        region: ganja,
        groups: [groupIds.operator],
      });
      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, String(user.id)), eq(auditLog.action, 'update')));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.changes).toEqual({
        phone: { before: '+994501234567', after: '+994551112233' },
        region: { before: baku, after: ganja },
        groups: { before: [groupIds.inspector], after: [groupIds.operator] },
      });
      const taken = await post('/api/user/users/update-account/', {
        ...account({ email: 'central@demo.az' }),
        id: user.id,
        version: user.version + 1,
      });
      expect(taken.json()).toEqual({ email: [userMessages.emailTaken] });
      const missing = await post('/api/user/users/update-account/', { ...account(), id: 999_999, version: 1 });
      expect(missing.statusCode).toBe(404);
    });

    it('sets a new password only when given, checks it, and ends the account sessions', async () => {
      const user = await createUser();
      const session = await signInAs(t, user.email, { steppedUp: true });
      const bad = await post('/api/user/users/update-account/', {
        ...account({ email: user.email }),
        id: user.id,
        version: user.version,
        password: 'short',
        confirm_password: 'other',
      });
      expect(bad.json()).toEqual({
        password: [authMessages.resetPasswordTooShort],
        confirm_password: [authMessages.resetPasswordsDiffer],
      });
      const repeated = await post('/api/user/users/update-account/', {
        ...account({ email: user.email }),
        id: user.id,
        version: user.version,
        password: '!!!!!!!!',
        confirm_password: '!!!!!!!!',
      });
      expect(repeated.json()).toEqual({ password: [authMessages.passwordTooCommon] });
      const res = await post('/api/user/users/update-account/', {
        ...account({ email: user.email }),
        id: user.id,
        version: user.version,
        password: 'Yeni12345',
        confirm_password: 'Yeni12345',
      });
      expect(res.statusCode).toBe(201);
      expect((await post('/api/user/current-user/', {}, session)).statusCode).toBe(401);
      const actions = await t.database.db
        .select({ action: auditLog.action, changes: auditLog.changes })
        .from(auditLog)
        .where(eq(auditLog.recordId, String(user.id)));
      expect(actions.map((a) => a.action)).toContain('set_password');
      expect(JSON.stringify(actions)).not.toMatch(/argon|Yeni12345/);
    });

    it('deactivates at once: the tokens stop on the next request and the sessions end', async () => {
      const user = await createUser();
      const session = await signInAs(t, user.email, { steppedUp: true });
      expect((await post('/api/user/current-user/', {}, session)).statusCode).toBe(200);
      const res = await post('/api/user/users/change-account-status/', { id: user.id, is_active: false });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.data.is_active).toBe(false);
      const refused = await post('/api/user/current-user/', {}, session);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'user_inactive' });
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
      expect(row!.revokedReason).toBe('deactivated');
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.recordId, String(user.id)), eq(auditLog.action, 'deactivate')));
      expect(audit!.changes).toEqual({ is_active: { before: true, after: false } });
      const back = await post('/api/user/users/change-account-status/', { id: user.id, is_active: true });
      expect(back.json().data.data.is_active).toBe(true);
    });

    it('refuses a stale version with 409 and a missing one with 400, changing nothing; a save bumps it', async () => {
      const user = await createUser();
      expect(user.version).toBe(1);
      const body = { ...account({ email: user.email }), id: user.id, password: undefined, confirm_password: undefined };
      const saved = await post('/api/user/users/update-account/', { ...body, first_name: 'Birinci', version: 1 });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().data.data).toMatchObject({ first_name: 'Birinci', version: 2 });

      const stale = await post('/api/user/users/update-account/', { ...body, first_name: 'İkinci', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: versionMessages.stale, code: 'stale_version' });
      const missing = await post('/api/user/users/update-account/', { ...body, first_name: 'İkinci' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ version: ['This field is required.'] });
      const text = await post('/api/user/users/update-account/', { ...body, first_name: 'İkinci', version: '2' });
      expect(text.json()).toEqual({ version: [versionMessages.invalid] });
      expect((await get(`/api/user/users/${user.id}/`)).json()).toEqual(saved.json().data.data);

      // The status switch checks the version when it is sent, and moves it like any other save.
      const staleStatus = await post('/api/user/users/change-account-status/', {
        id: user.id,
        is_active: false,
        version: 1,
      });
      expect(staleStatus.statusCode).toBe(409);
      const status = await post('/api/user/users/change-account-status/', {
        id: user.id,
        is_active: false,
        version: 2,
      });
      expect(status.json().data.data).toMatchObject({ is_active: false, version: 3 });
      const unchanged = await post('/api/user/users/change-account-status/', { id: user.id, is_active: false });
      expect(unchanged.json().data.data.version).toBe(3);

      // A phone the user changes on their own profile is a change of the account too.
      await post('/api/user/users/change-account-status/', { id: user.id, is_active: true });
      const own = await signInAs(t, user.email, { steppedUp: true });
      const phone = await post('/api/user/user-profile/change-phone/', { phone: '+994709998877' }, own);
      expect(phone.statusCode, phone.body).toBe(200);
      const afterPhone = (await get(`/api/user/users/${user.id}/`)).json() as User;
      expect(afterPhone.version).toBe(5);
      const overwrite = await post('/api/user/users/update-account/', { ...body, version: 4 });
      expect(overwrite.statusCode).toBe(409);
      expect((await post('/api/user/users/update-account/', { ...body, id: 999_999, version: 1 })).statusCode).toBe(
        404,
      );
    });

    it('never deactivates yourself', async () => {
      const res = await post('/api/user/users/change-account-status/', { id: admin.userId, is_active: false });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: userMessages.cannotDeactivateSelf });
    });
  });

  describe('delete-multiple', () => {
    it('deletes all or nothing and audits each account', async () => {
      const a = await createUser();
      const b = await createUser();
      const missing = await post('/api/user/users/delete-multiple/', { pkList: [a.id, 999_999] });
      expect(missing.statusCode).toBe(404);
      expect((await get(`/api/user/users/${a.id}/`)).statusCode).toBe(200);
      const res = await post('/api/user/users/delete-multiple/', { pkList: [a.id, b.id, a.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ pkList: [a.id, b.id].sort((x, y) => x - y) });
      expect((await get(`/api/user/users/${a.id}/`)).statusCode).toBe(404);
      const deleted = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'delete'), eq(auditLog.resource, 'user')));
      expect(deleted.map((r) => r.recordId)).toEqual(expect.arrayContaining([String(a.id), String(b.id)]));
      expect(deleted.find((r) => r.recordId === String(a.id))!.changes.email).toEqual({ before: a.email, after: null });
      expect((await post('/api/user/users/delete-multiple/', { pkList: [] })).statusCode).toBe(400);
    });

    it('never deletes yourself', async () => {
      const other = await createUser();
      const res = await post('/api/user/users/delete-multiple/', { pkList: [other.id, admin.userId] });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: userMessages.cannotDeleteSelf });
      expect((await get(`/api/user/users/${other.id}/`)).statusCode).toBe(200);
    });
  });

  describe('region scope and the limits of a delegated group', () => {
    let hr: SignedIn;
    let ganjaViewer: SignedIn;

    beforeAll(async () => {
      const hrGroup = await createGroup('Kadrlar şöbəsi', [
        'view_user',
        'add_user',
        'change_user',
        'delete_user',
        'activate_user',
      ]);
      const hrUser = await createUser({ groups: [hrGroup], region: baku });
      hr = await signInAs(t, hrUser.email, { steppedUp: true });
      const viewers = await createGroup('Gəncə baxış', ['view_user', 'view_fnbatch']);
      const viewer = await createUser({ groups: [viewers], region: ganja });
      ganjaViewer = await signInAs(t, viewer.email, { steppedUp: true });
    });

    it('lists only users of their own region for a regional user', async () => {
      const body = (await get('/api/user/users/?no_page=1', ganjaViewer)).json();
      expect(body.count).toBeGreaterThan(0);
      expect(new Set(body.results.map((u: User) => u.region))).toEqual(new Set([ganja]));
      const emails = body.results.map((u: User) => u.email);
      expect(emails).toContain('operator@demo.az');
      expect(emails).not.toContain('admin@demo.az');
      const everyone = (await get('/api/user/users/?no_page=1')).json();
      expect(everyone.count).toBeGreaterThan(body.count);
    });

    it("exports the list as CSV: its rows in its order; a regional user's file holds their region only", async () => {
      const query = 'order_by=last_name&order=desc&search=demo';
      const list = (await get(`/api/user/users/?no_page=1&${query}`)).json();
      expect(list.count).toBeGreaterThan(1);
      const res = await get(`/api/user/users/export/?format=csv&${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-export-rows']).toBe(String(list.count));
      expect(res.body).toBe(expectedCsv(userExportColumns, list.results as User[]));
      expect(res.body.startsWith('\uFEFFEmail,Soyad,Ad,')).toBe(true);
      const xlsx = await get(`/api/user/users/export/?format=xlsx&${query}`);
      expect(decodeURIComponent(xlsx.headers['content-disposition'] as string)).toMatch(
        /filename\*=UTF-8''İstifadəçilər-\d{4}-\d{2}-\d{2}\.xlsx$/,
      );
      const mine = (await get('/api/user/users/?no_page=1', ganjaViewer)).json();
      const scoped = await get('/api/user/users/export/?format=csv', ganjaViewer);
      expect(scoped.headers['x-export-rows']).toBe(String(mine.count));
      expect(scoped.body).toBe(expectedCsv(userExportColumns, mine.results as User[]));
      expect(new Set(mine.results.map((u: User) => u.region))).toEqual(new Set([ganja]));
    });

    it("answers 404 for another region's user, as if it did not exist", async () => {
      const res = await get(`/api/user/users/${admin.userId}/`, ganjaViewer);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
      const operator = (await get('/api/user/users/?email=operator@demo.az', ganjaViewer)).json().results[0];
      expect((await get(`/api/user/users/${operator.id}/`, ganjaViewer)).statusCode).toBe(200);
      expect((await get(`/api/user/users/?id=${admin.userId}`, ganjaViewer)).json().count).toBe(0);
    });

    it('scopes the operators list too', async () => {
      const mine = (await get('/api/user/users/operators/', ganjaViewer)).json();
      expect(mine.data.map((o: { email: string }) => o.email)).toContain('operator@demo.az');
      expect(new Set(mine.data.map((o: { region: number }) => o.region))).toEqual(new Set([ganja]));
      expect((await get(`/api/user/users/operators/?region=${baku}`, ganjaViewer)).json()).toEqual({ data: [] });
    });

    it('does not let a delegated user create accounts in another region or grant what they lack', async () => {
      const elsewhere = await post('/api/user/users/create-account/', account({ region: ganja }), hr);
      expect(elsewhere.json()).toEqual({ region: [userMessages.regionOutOfScope] });
      const escalate = await post('/api/user/users/create-account/', account({ groups: [groupIds.admin] }), hr);
      expect(escalate.json()).toEqual({ groups: [userMessages.grantBeyondOwn] });
      const fine = await post('/api/user/users/create-account/', account(), hr);
      expect(fine.statusCode).toBe(201);
    });

    it('never leaves the office without an active administrator, and writes no audit row when refused', async () => {
      const before = await auditCount();
      // The only administrator cannot leave the administrators' group of their own account.
      const self = (await get(`/api/user/users/${admin.userId}/`)).json() as User;
      const leave = await post('/api/user/users/update-account/', {
        ...account({ email: self.email, region: self.region }),
        id: self.id,
        version: self.version,
        groups: [],
      });
      expect(leave.statusCode).toBe(409);
      expect(leave.json()).toEqual({ detail: userMessages.lastAdministrator });
      expect(await auditCount()).toBe(before);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.userId));
      expect(row!.isActive).toBe(true);
      // With a second administrator the first may be deactivated, by the other administrator.
      const second = await createUser({ groups: [groupIds.admin] });
      const other = await signInAs(t, second.email, { steppedUp: true });
      const now = await post('/api/user/users/change-account-status/', { id: admin.userId, is_active: false }, other);
      expect(now.statusCode).toBe(201);
      await post('/api/user/users/change-account-status/', { id: admin.userId, is_active: true }, other);
      admin = await signInAs(t, 'admin@demo.az', { steppedUp: true });
      expect((await post('/api/user/users/delete-multiple/', { pkList: [second.id] })).statusCode).toBe(200);
    });
  });

  describe('accounts stronger than the editor', () => {
    let editor: SignedIn;
    let hr: SignedIn;
    let everything: SignedIn;
    let weakGroup: number;
    let adminRow: User;

    const hashOf = async (id: number) =>
      (await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!.hash;
    const updateBody = (user: User, extra: Record<string, unknown> = {}) => ({
      ...account({ email: user.email, region: user.region, groups: user.groups }),
      user_permissions: user.user_permissions,
      id: user.id,
      version: user.version,
      password: undefined,
      confirm_password: undefined,
      ...extra,
    });

    beforeAll(async () => {
      // The case: a custom group with only view_user and change_user.
      const editors = await createGroup('Yalnız redaktə', ['view_user', 'change_user']);
      editor = await signInAs(t, (await createUser({ groups: [editors] })).email, { steppedUp: true });
      const hrGroup = await createGroup('Kadrlar tam', [
        'view_user',
        'add_user',
        'change_user',
        'delete_user',
        'activate_user',
      ]);
      hr = await signInAs(t, (await createUser({ groups: [hrGroup] })).email, { steppedUp: true });
      const all = (await get('/api/user/permissions/')).json() as { code: string }[];
      const allGroup = await createGroup(
        'Bütün icazələr',
        all.map((p) => p.code),
      );
      everything = await signInAs(t, (await createUser({ groups: [allGroup] })).email, { steppedUp: true });
      weakGroup = await createGroup('Yalnız baxış', ['view_user']);
      adminRow = (await get(`/api/user/users/${admin.userId}/`)).json() as User;
    });

    it("refuses to set the administrator's password or address for a view_user + change_user group", async () => {
      const hash = await hashOf(admin.userId);
      const password = await post(
        '/api/user/users/update-account/',
        updateBody(adminRow, { password: 'Ələ-Keçir-2026', confirm_password: 'Ələ-Keçir-2026' }),
        editor,
      );
      expect(password.statusCode).toBe(403);
      expect(password.json()).toEqual({ detail: userMessages.passwordSetByAdministrator });
      const address = await post(
        '/api/user/users/update-account/',
        updateBody(adminRow, { email: 'taken.over@test.az' }),
        editor,
      );
      expect(address.statusCode).toBe(403);
      expect(address.json()).toEqual({ detail: userMessages.strongerAccount });
      expect(await hashOf(admin.userId)).toBe(hash);
      expect((await get(`/api/user/users/${admin.userId}/`)).json()).toMatchObject({
        email: 'admin@demo.az',
        version: adminRow.version,
      });
    });

    it('lets an editor change an account whose permissions are a subset of theirs, but never set its password', async () => {
      const weak = await createUser({ groups: [weakGroup] });
      const renamed = await post('/api/user/users/update-account/', updateBody(weak, { first_name: 'Rəşad' }), editor);
      expect(renamed.statusCode, renamed.body).toBe(201);
      const saved = renamed.json().data.data as User;
      const hash = await hashOf(weak.id);
      const password = await post(
        '/api/user/users/update-account/',
        updateBody(saved, { password: 'Yeni-Şifrə-2026', confirm_password: 'Yeni-Şifrə-2026' }),
        editor,
      );
      expect(password.statusCode).toBe(403);
      expect(await hashOf(weak.id)).toBe(hash);
      // Holding more through a direct permission counts as much as through a group.
      const perms = (await get('/api/user/permissions/')).json() as { id: number; code: string }[];
      const direct = await createUser({ user_permissions: [perms.find((p) => p.code === 'view_region')!.id] });
      const refused = await post('/api/user/users/update-account/', updateBody(direct, { first_name: 'X' }), editor);
      expect(refused.statusCode).toBe(403);
    });

    it('lets an editor mail a reset link to an account within reach, never to a stronger one', async () => {
      const resetsOf = async (id: number) =>
        (await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id))).length;
      const weak = await createUser({ groups: [weakGroup] });
      const sent = await post('/api/user/users/send-password-reset/', { id: weak.id }, editor);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ message: userMessages.resetLinkSent });
      expect(await resetsOf(weak.id)).toBe(1);
      const before = await resetsOf(admin.userId);
      const refused = await post('/api/user/users/send-password-reset/', { id: admin.userId }, editor);
      expect(refused.statusCode).toBe(403);
      expect(await resetsOf(admin.userId)).toBe(before);
      expect((await post('/api/user/users/send-password-reset/', { id: 999_999 }, editor)).statusCode).toBe(404);
    });

    it('refuses activating, deactivating and deleting a stronger account', async () => {
      const central = (await get('/api/user/users/?email=central@demo.az')).json().results[0] as User;
      const deactivate = await post('/api/user/users/change-account-status/', { id: central.id, is_active: false }, hr);
      expect(deactivate.statusCode).toBe(403);
      expect(deactivate.json()).toEqual({ detail: userMessages.strongerAccount });
      const weak = await createUser({ groups: [weakGroup] });
      const both = await post('/api/user/users/delete-multiple/', { pkList: [weak.id, central.id] }, hr);
      expect(both.statusCode).toBe(403);
      expect((await get(`/api/user/users/${weak.id}/`)).statusCode).toBe(200);
      const administrator = await post('/api/user/users/delete-multiple/', { pkList: [admin.userId] }, hr);
      expect(administrator.statusCode).toBe(403);
      // An inactive stronger account cannot be activated either.
      await post('/api/user/users/change-account-status/', { id: central.id, is_active: false });
      const activate = await post('/api/user/users/change-account-status/', { id: central.id, is_active: true }, hr);
      expect(activate.statusCode).toBe(403);
      await post('/api/user/users/change-account-status/', { id: central.id, is_active: true });
      // Accounts within the editor's reach still work.
      expect(
        (await post('/api/user/users/change-account-status/', { id: weak.id, is_active: false }, hr)).statusCode,
      ).toBe(201);
      expect((await post('/api/user/users/delete-multiple/', { pkList: [weak.id] }, hr)).statusCode).toBe(200);
    });

    it('keeps an administrator account for the top administrator, even from a group holding every permission', async () => {
      const status = await post(
        '/api/user/users/change-account-status/',
        { id: admin.userId, is_active: false },
        everything,
      );
      expect(status.statusCode).toBe(403);
      const update = await post(
        '/api/user/users/update-account/',
        updateBody(adminRow, { first_name: 'X' }),
        everything,
      );
      expect(update.statusCode).toBe(403);
      expect((await post('/api/user/users/delete-multiple/', { pkList: [admin.userId] }, everything)).statusCode).toBe(
        403,
      );
      // The top administrator may act on every account, and sets passwords (ending that person's sessions).
      const target = (await get(`/api/user/users/${everything.userId}/`)).json() as User;
      const set = await post(
        '/api/user/users/update-account/',
        updateBody(target, { password: 'Yeni-Şifrə-2026', confirm_password: 'Yeni-Şifrə-2026' }),
      );
      expect(set.statusCode, set.body).toBe(201);
      expect((await post('/api/user/current-user/', {}, everything)).statusCode).toBe(401);
    });
  });

  describe('operators', () => {
    it('answers {"data": [...]} with the active operators, by region', async () => {
      const all = await get('/api/user/users/operators/');
      expect(all.statusCode).toBe(200);
      expect(all.json().data.map((o: { email: string }) => o.email)).toContain('operator@demo.az');
      const inGanja = (await get(`/api/user/users/operators/?region=${ganja}`)).json();
      expect(inGanja.data.every((o: { region: number }) => o.region === ganja)).toBe(true);
      expect(inGanja.data[0]).toMatchObject({ email: 'operator@demo.az', region_name: 'Gəncə' });
      expect(
        (await get(`/api/user/users/operators/?region=${baku}`)).json().data.map((o: { email: string }) => o.email),
      ).not.toContain('operator@demo.az');
      expect((await get('/api/user/users/operators/?region=x')).statusCode).toBe(400);
    });
  });
});
