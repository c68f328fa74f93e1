import { savedViewLimit, viewMessages, type SavedView } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Column settings, density and saved views (issue 29): each person's own; a shared view reaches its groups only. */
describe('list preferences and saved views', () => {
  let t: TestApp;
  let admin: SignedIn;
  let central: SignedIn;
  let cashier: SignedIn;
  let regional: SignedIn;
  let centralGroup: number;
  let cashierGroup: number;
  const prefs = (list: string) => `/api/user/preferences/lists/${list}/`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const view = (over: Partial<Record<string, unknown>> = {}) => ({
    list: 'fn-payment',
    name: 'Baxılmaqda olanlar',
    query: { status: '2', order_by: 'total', order: 'desc' },
    columns: ['id', 'status', 'total'],
    shared_with: [],
    is_default: false,
    ...over,
  });
  const viewsOf = async (who: SignedIn, list = 'fn-payment') => {
    const res = await call('GET', `/api/views/?list=${list}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: SavedView[] }).results;
  };
  const groupId = async (code: string) =>
    (await t.database.db.select({ id: groups.id }).from(groups).where(eq(groups.code, code)))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az');
    central = await signInAs(t, 'central@demo.az');
    cashier = await signInAs(t, 'cashier@demo.az');
    regional = await signInAs(t, 'regional@demo.az');
    centralGroup = await groupId('central');
    cashierGroup = await groupId('cashier');
  });
  afterAll(async () => t?.close());

  it('answers the defaults for a list never set, and keeps columns and density per user', async () => {
    const fresh = await call('GET', prefs('drivers'), cashier);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toEqual({ list: 'drivers', columns: null, density: 'comfortable', default_view: null });

    const saved = await call('PUT', prefs('fn-payment'), cashier, {
      columns: ['status', 'total', 'id'],
      density: 'compact',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      list: 'fn-payment',
      columns: ['status', 'total', 'id'],
      density: 'compact',
      default_view: null,
    });
    expect((await call('GET', prefs('fn-payment'), cashier)).json()).toMatchObject({
      columns: ['status', 'total', 'id'],
    });
    // Another person, and another list of the same person, keep their defaults.
    expect((await call('GET', prefs('fn-payment'), admin)).json()).toMatchObject({
      columns: null,
      density: 'comfortable',
    });
    expect((await call('GET', prefs('drivers'), cashier)).json()).toMatchObject({ columns: null });
    // A tab is a list of its own; null puts the defaults back.
    const tab = await call('PUT', prefs('active-fn:by-inspector'), cashier, {
      columns: ['series'],
      density: 'compact',
    });
    expect(tab.json()).toMatchObject({ list: 'active-fn:by-inspector', columns: ['series'] });
    const reset = await call('PUT', prefs('fn-payment'), cashier, { columns: null, density: 'comfortable' });
    expect(reset.json()).toMatchObject({ columns: null, density: 'comfortable' });
  });

  it('refuses an unknown list key and wrong columns with the sentence under the field', async () => {
    for (const list of ['nope', 'Payments', 'fn-payment:', 'fn-payment:a:b', 'a'.repeat(70), '%20']) {
      const read = await call('GET', prefs(list), admin);
      expect(read.statusCode, list).toBe(400);
      expect(read.json(), list).toEqual({ list: [viewMessages.listUnknown] });
      const write = await call('PUT', prefs(list), admin, { columns: null, density: 'compact' });
      expect(write.json(), list).toEqual({ list: [viewMessages.listUnknown] });
    }
    const put = (columns: unknown, density: unknown = 'compact') =>
      call('PUT', prefs('drivers'), admin, { columns, density });
    expect((await put(['Name'])).json()).toEqual({ 'columns.0': [viewMessages.columnInvalid] });
    expect((await put(['ok', 'a-b'])).json()).toEqual({ 'columns.1': [viewMessages.columnInvalid] });
    expect((await put(['id', 'id'])).json()).toEqual({ columns: [viewMessages.columnsDuplicate] });
    expect((await put([])).json()).toEqual({ columns: [viewMessages.columnsEmpty] });
    const many = Array.from({ length: 61 }, (_, i) => `c${i}`);
    expect((await put(many)).json()).toEqual({ columns: [viewMessages.columnsTooMany] });
    expect((await put(many.slice(0, 60))).statusCode).toBe(200);
    expect((await put(null, 'tiny')).json()).toEqual({ density: [viewMessages.densityInvalid] });
    expect((await call('GET', '/api/views/?list=nope', admin)).json()).toEqual({ list: [viewMessages.listUnknown] });
    const badView = await call('POST', '/api/views/', admin, view({ list: 'payments' }));
    expect(badView.json()).toEqual({ list: [viewMessages.listUnknown] });
  });

  it('keeps views per user, unique by name per list, and 404 for a view one cannot see', async () => {
    const mine = await call('POST', '/api/views/', cashier, view());
    expect(mine.statusCode, mine.body).toBe(201);
    const created = mine.json() as SavedView;
    expect(created).toMatchObject({
      list: 'fn-payment',
      name: 'Baxılmaqda olanlar',
      query: { status: '2', order_by: 'total', order: 'desc' },
      columns: ['id', 'status', 'total'],
      shared_with: [],
      is_default: false,
      mine: true,
      owner: { id: cashier.userId, email: 'cashier@demo.az' },
    });
    // The same name (any case) for the same list is a 400 under `name`; for another list, or another user, it is fine.
    const twice = await call('POST', '/api/views/', cashier, view({ name: 'BAXILMAQDA OLANLAR' }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ name: [viewMessages.nameTaken] });
    expect((await call('POST', '/api/views/', cashier, view({ list: 'drivers', query: {} }))).statusCode).toBe(201);
    expect((await call('POST', '/api/views/', central, view())).statusCode).toBe(201);
    const other = await call('POST', '/api/views/', cashier, view({ name: 'Ödənilmişlər', query: { status: '3' } }));
    const renamed = await call('PUT', `/api/views/${(other.json() as SavedView).id}/`, cashier, view());
    expect(renamed.json()).toEqual({ name: [viewMessages.nameTaken] });

    expect((await viewsOf(cashier)).map((v) => v.name)).toEqual(['Baxılmaqda olanlar', 'Ödənilmişlər']);
    expect((await viewsOf(central)).every((v) => v.owner.email === 'central@demo.az')).toBe(true);

    // Another user cannot read, change or delete it: it does not exist for them.
    const url = `/api/views/${created.id}/`;
    expect((await call('PUT', url, central, view({ name: 'Mənim' }))).statusCode).toBe(404);
    expect((await call('DELETE', url, central)).statusCode).toBe(404);
    expect((await call('PUT', '/api/views/2147483647/', cashier, view())).statusCode).toBe(404);

    const changed = await call('PUT', url, cashier, view({ name: 'Yenidən', columns: null, query: { search: 'x' } }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: created.id, name: 'Yenidən', columns: null, query: { search: 'x' } });
    expect((await call('DELETE', url, cashier)).statusCode).toBe(204);
    expect((await call('DELETE', url, cashier)).statusCode).toBe(404);
    // Without `list`: every list of the person's.
    const all = (await call('GET', '/api/views/', cashier)).json() as { results: SavedView[] };
    expect(all.results.map((v) => v.list).sort()).toEqual(['drivers', 'fn-payment']);
  });

  it("lets only an administrator share, and a shared view reaches only the chosen groups' members", async () => {
    const refused = await call(
      'POST',
      '/api/views/',
      central,
      view({ name: 'Paylaşılan', shared_with: [cashierGroup] }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: viewMessages.shareForbidden });
    const unknownGroup = await call('POST', '/api/views/', admin, view({ name: 'X', shared_with: [2147483000] }));
    expect(unknownGroup.json()).toEqual({ shared_with: [viewMessages.groupUnknown] });

    const shared = await call('POST', '/api/views/', admin, view({ name: 'Kassa üçün', shared_with: [cashierGroup] }));
    expect(shared.statusCode, shared.body).toBe(201);
    const id = (shared.json() as SavedView).id;
    expect(shared.json()).toMatchObject({ shared_with: [cashierGroup], mine: true });

    const seen = (await viewsOf(cashier)).find((v) => v.id === id);
    expect(seen).toMatchObject({
      name: 'Kassa üçün',
      mine: false,
      owner: { email: 'admin@demo.az' },
      is_default: false,
    });
    expect((await viewsOf(central)).some((v) => v.id === id)).toBe(false);
    expect((await viewsOf(regional)).some((v) => v.id === id)).toBe(false);
    // A member sees it but may not change or delete it.
    const change = await call('PUT', `/api/views/${id}/`, cashier, view({ name: 'Mənimki' }));
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual({ detail: viewMessages.notOwner });
    expect((await call('DELETE', `/api/views/${id}/`, cashier)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/views/${id}/`, central)).statusCode).toBe(404);

    // Shared with the central office instead: the cashiers lose it, the central office has it.
    const moved = await call(
      'PUT',
      `/api/views/${id}/`,
      admin,
      view({ name: 'Kassa üçün', shared_with: [centralGroup] }),
    );
    expect(moved.json()).toMatchObject({ shared_with: [centralGroup] });
    expect((await viewsOf(cashier)).some((v) => v.id === id)).toBe(false);
    expect((await viewsOf(central)).some((v) => v.id === id)).toBe(true);
    await call('DELETE', `/api/views/${id}/`, admin);
  });

  it('keeps is_default per caller: a member makes a shared view their own default', async () => {
    const made = await call(
      'POST',
      '/api/views/',
      admin,
      view({ name: 'Hamı üçün', shared_with: [centralGroup], is_default: true }),
    );
    const id = (made.json() as SavedView).id;
    expect(made.json()).toMatchObject({ is_default: true });
    expect((await call('GET', prefs('fn-payment'), admin)).json()).toMatchObject({ default_view: id });
    // Not the member's default until they choose it, through their preferences.
    expect((await viewsOf(central)).find((v) => v.id === id)).toMatchObject({ is_default: false });
    expect((await call('GET', prefs('fn-payment'), central)).json()).toMatchObject({ default_view: null });
    const chosen = await call('PUT', prefs('fn-payment'), central, {
      columns: null,
      density: 'compact',
      default_view: id,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ default_view: id, density: 'compact' });
    expect((await viewsOf(central)).find((v) => v.id === id)).toMatchObject({ is_default: true });
    // A view the person cannot see, or of another list, cannot be their default.
    const stranger = await call('PUT', prefs('fn-payment'), cashier, {
      columns: null,
      density: 'compact',
      default_view: id,
    });
    expect(stranger.json()).toEqual({ default_view: [viewMessages.defaultViewUnknown] });
    const elsewhere = await call('PUT', prefs('drivers'), central, {
      columns: null,
      density: 'compact',
      default_view: id,
    });
    expect(elsewhere.json()).toEqual({ default_view: [viewMessages.defaultViewUnknown] });

    // The owner drops it as their default; the member keeps theirs; then the owner stops sharing it.
    await call(
      'PUT',
      `/api/views/${id}/`,
      admin,
      view({ name: 'Hamı üçün', shared_with: [centralGroup], is_default: false }),
    );
    expect((await call('GET', prefs('fn-payment'), admin)).json()).toMatchObject({ default_view: null });
    expect((await call('GET', prefs('fn-payment'), central)).json()).toMatchObject({ default_view: id });
    await call('PUT', `/api/views/${id}/`, admin, view({ name: 'Hamı üçün', shared_with: [], is_default: false }));
    expect((await call('GET', prefs('fn-payment'), central)).json()).toMatchObject({ default_view: null });
    // Omitting default_view keeps it; null clears it.
    const own = await call('POST', '/api/views/', central, view({ name: 'Öz', is_default: true }));
    const ownId = (own.json() as SavedView).id;
    await call('PUT', prefs('fn-payment'), central, { columns: ['id'], density: 'compact' });
    expect((await call('GET', prefs('fn-payment'), central)).json()).toMatchObject({ default_view: ownId });
    await call('PUT', prefs('fn-payment'), central, { columns: ['id'], density: 'compact', default_view: null });
    expect((await call('GET', prefs('fn-payment'), central)).json()).toMatchObject({ default_view: null });
  });

  it('refuses bad names, queries and shares with the sentence under the field', async () => {
    const post = (over: Record<string, unknown>) => call('POST', '/api/views/', admin, view(over));
    expect((await post({ name: '   ' })).json()).toEqual({ name: [viewMessages.nameRequired] });
    expect((await post({ name: 'x'.repeat(101) })).json()).toEqual({ name: [viewMessages.nameTooLong] });
    expect((await post({ query: { 'Bad-Key': '1' } })).statusCode).toBe(400);
    expect(Object.keys((await post({ query: { status: 2 } })).json() as object)[0]).toMatch(/^query/);
    expect((await post({ shared_with: [1, 1] })).json()).toEqual({ shared_with: [viewMessages.sharedWithInvalid] });
    expect((await post({ extra: true })).statusCode).toBe(400);
  });

  it(`keeps at most ${savedViewLimit} views of one list per person`, async () => {
    for (let i = 0; i < savedViewLimit; i += 1)
      expect((await call('POST', '/api/views/', regional, view({ name: `V${i}` }))).statusCode).toBe(201);
    const over = await call('POST', '/api/views/', regional, view({ name: 'Artıq' }));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: viewMessages.tooMany });
  });
});
