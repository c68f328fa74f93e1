import type { DirectoryMapping } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { directorySessions, groups, sessions } from '../../db/schema';
import { openEventStream } from '../../test/event-stream';
import { directoryKit, type DirectoryKit } from './directory-test-kit';

const mapping: Partial<DirectoryMapping> = {
  roles: { 'dnx-cashiers': 'D', 'dnx-operators': 'F' },
  regionGroups: { 'office-ganja': 'Gəncə' },
  requiredGroups: ['dnx-cashiers', 'dnx-operators'],
  createUsers: true,
  sync: true,
};
const people = {
  kamal: {
    password: 'pw-kamal',
    email: 'kamal@agency.az',
    groups: ['dnx-cashiers', 'dnx-operators', 'office-ganja'],
    amr: ['pwd', 'hwk'],
  },
  aysel: { password: 'pw-aysel', email: 'aysel@agency.az', groups: ['dnx-operators'], amr: ['pwd'] },
  tofiq: { password: 'pw-tofiq', email: 'tofiq@agency.az', groups: ['dnx-operators'], amr: ['pwd', 'mfa'] },
  elvin: { password: 'pw-elvin', email: 'elvin@agency.az', groups: ['dnx-operators'], amr: ['pwd', 'otp'] },
};

describe("a directory person's session follows the directory (issue 59)", () => {
  let kit: DirectoryKit;
  beforeAll(async () => {
    kit = await directoryKit({ users: structuredClone(people), mapping, listen: true });
  });
  afterAll(async () => kit.close());

  const me = async (access: string) =>
    (
      await kit.t.app.inject({
        method: 'POST',
        url: '/api/user/current-user/',
        headers: { authorization: `Bearer ${access}` },
      })
    ).json().user as { groups: { code: string | null }[]; region: number | null };
  const refresh = (token: string) =>
    kit.t.app.inject({ method: 'POST', url: '/api/refresh/', payload: { refresh: token } });

  it('takes a removed group away at the next refresh, and refuses the refresh once no required group is left', async () => {
    const { answer } = await kit.signIn('kamal');
    expect((await me(answer!.access as string)).groups.map((g) => g.code).sort()).toEqual(['cashier', 'operator']);
    kit.op.users.kamal!.groups = ['dnx-operators'];
    const next = await refresh(answer!.refresh as string);
    expect(next.statusCode, next.body).toBe(200);
    const after = await me(next.json().access);
    expect(after.groups.map((g) => g.code)).toEqual(['operator']);
    expect(after.region).toBeNull();
    kit.op.users.kamal!.groups = ['staff'];
    const refused = await refresh(next.json().refresh);
    expect(refused.statusCode).toBe(401);
    expect(await me(next.json().access)).toBeUndefined();
  });

  it('refuses the refresh of a person disabled in the directory', async () => {
    const { answer } = await kit.signIn('aysel');
    // No second factor asserted, and the operators' group asks none: today's rule, tokens at once.
    expect(answer).toHaveProperty('refresh');
    kit.op.users.aysel!.disabled = true;
    expect((await refresh(answer!.refresh as string)).statusCode).toBe(401);
  });

  it("asks the product's own second factor when the provider asserted none and the group requires one", async () => {
    await kit.t.writeOutside((db) => db.update(groups).set({ mfaRequired: true }).where(eq(groups.code, 'operator')));
    try {
      kit.op.users.aysel!.disabled = false;
      const weak = await kit.signIn('aysel');
      expect(weak.answer).toMatchObject({ mfa: 'enrol', methods: [] });
      const strong = await kit.signIn('tofiq');
      expect(strong.answer).toHaveProperty('access');
    } finally {
      await kit.t.writeOutside((db) =>
        db.update(groups).set({ mfaRequired: false }).where(eq(groups.code, 'operator')),
      );
    }
  });

  it("ends the person's sessions and live streams by the provider's back-channel logout", async () => {
    const { answer } = await kit.signIn('elvin');
    const access = answer!.access as string;
    const stream = await openEventStream(kit.baseUrl, access);
    await stream.next((m) => m.type === 'counters');
    const linked = (await kit.t.database.db.select().from(directorySessions)).sort(
      (a, b) => b.sessionId - a.sessionId,
    )[0];
    expect(linked?.providerSessionId).toBeTruthy();
    await kit.op.backchannelLogout('elvin', linked!.providerSessionId!);
    expect(await stream.closedByServer()).toBe(true);
    const [session] = await kit.t.database.db.select().from(sessions).where(eq(sessions.id, linked!.sessionId));
    expect(session?.revokedReason).toBe('directory_logout');
    expect(await me(access)).toBeUndefined();
  });

  it('signs out at the provider too (RP-initiated logout), and keeps signing in across a key rotation', async () => {
    const { answer } = await kit.signIn('tofiq');
    const end = await kit.t.app.inject({
      method: 'POST',
      url: '/api/auth/directory/end-session/',
      headers: { authorization: `Bearer ${answer!.access as string}` },
    });
    const url = new URL(end.json().url);
    expect(url.origin).toBe(kit.relay.url);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost/signin');
    // A new signing key, the old one dropped: the app fetches the provider's keys again (a minute after it last did).
    await kit.op.rotateKeys({ drop: true });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const again = await kit.signIn('tofiq');
    expect(again.answer).toHaveProperty('access');
  });
});
