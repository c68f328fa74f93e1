import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryIdentities, sessions, users } from '../../db/schema';
import { startSlapd } from '../../test/slapd';
import { createTestApp, type TestApp } from '../../test/test-app';

const base = 'dc=agency,dc=az';
const ldif = `
dn: ${base}
objectClass: dcObject
objectClass: organization
o: Agency
dc: agency

dn: ou=people,${base}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${base}
objectClass: organizationalUnit
ou: groups

dn: cn=reader,${base}
objectClass: organizationalRole
objectClass: simpleSecurityObject
cn: reader
userPassword: reader-password

dn: uid=zaur,ou=people,${base}
objectClass: inetOrgPerson
uid: zaur
cn: Zaur Həsənov
givenName: Zaur
sn: Həsənov
mail: zaur@agency.az
userPassword: zaur-password

dn: uid=gunel,ou=people,${base}
objectClass: inetOrgPerson
uid: gunel
cn: Günel Abbasova
sn: Abbasova
mail: gunel@agency.az
userPassword: gunel-password

dn: cn=baku-cashiers,ou=groups,${base}
objectClass: groupOfNames
cn: baku-cashiers
member: uid=zaur,ou=people,${base}

dn: cn=dnx-cashiers,ou=groups,${base}
objectClass: groupOfNames
cn: dnx-cashiers
member: cn=baku-cashiers,ou=groups,${base}

dn: cn=staff,ou=groups,${base}
objectClass: groupOfNames
cn: staff
member: uid=gunel,ou=people,${base}
`;

describe('LDAP sign-in against a real slapd (issue 59)', () => {
  let slapd: Awaited<ReturnType<typeof startSlapd>>;
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    slapd = await startSlapd(ldif);
    dir = mkdtempSync(path.join(tmpdir(), 'dnx-ldap-'));
    const secret = path.join(dir, 'bind-password');
    writeFileSync(secret, 'reader-password\n');
    const common = {
      type: 'ldap',
      name: { az: 'Kataloq', en: 'Directory', ru: 'Каталог' },
      bindDn: `cn=reader,${base}`,
      bindPasswordFile: secret,
      userBase: `ou=people,${base}`,
      groupBase: `ou=groups,${base}`,
      timeoutSeconds: 2,
      mapping: {
        roles: { 'dnx-cashiers': 'D' },
        regionGroups: { 'baku-cashiers': 'Bakı' },
        requiredGroups: ['dnx-cashiers'],
        createUsers: true,
      },
    };
    const providers = [
      { ...common, id: 'ldap', url: slapd.url },
      { ...common, id: 'ldap-down', url: 'ldap://127.0.0.1:9' },
    ];
    t = await createTestApp({ seed: true, env: { DIRECTORY_PROVIDERS: JSON.stringify(providers) } });
  });
  afterAll(async () => {
    await t.close();
    await slapd.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const signIn = (username: string, password: string, provider = 'ldap') =>
    t.app.inject({ method: 'POST', url: `/api/auth/directory/ldap/${provider}/`, payload: { username, password } });
  const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;

  it('signs a person in by their own bind, with the role and region of their nested groups', async () => {
    const res = await signIn('zaur', 'zaur-password');
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/user/current-user/',
      headers: { authorization: `Bearer ${res.json().access as string}` },
    });
    const user = me.json().user;
    expect(user.email).toBe('zaur@agency.az');
    expect(user.groups.map((g: { code: string }) => g.code)).toEqual(['cashier']);
    // baku-cashiers gives the region; dnx-cashiers (the role) is reached only through it.
    expect(user.region).toEqual(expect.any(Number));
    const [identity] = await t.database.db.select().from(directoryIdentities);
    expect(identity).toMatchObject({ issuer: 'ldap:ldap', userId: user.id });
    expect(identity!.subject).toMatch(/^[0-9a-f-]{36}$/);
    // The account has no password of this product.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordSignIn).toBe(false);
  });

  it('refuses a wrong password and an injection in the user name, leaving no session', async () => {
    const before = await sessionCount();
    expect((await signIn('zaur', 'wrong')).statusCode).toBe(401);
    for (const name of ['*)(uid=*', '*', 'zaur)(|(uid=*', 'z*'])
      expect((await signIn(name, 'zaur-password')).statusCode, name).toBe(401);
    expect((await signIn('zaur\u0000', 'zaur-password')).statusCode).toBe(400);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a person outside the required groups with the reason, creating no account', async () => {
    const res = await signIn('gunel', 'gunel-password');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_in_required_groups');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'gunel@agency.az'))).toEqual([]);
  });

  it('takes the rights away at the next refresh once the directory removes the group', async () => {
    const first = await signIn('zaur', 'zaur-password');
    slapd.modify(
      `dn: cn=baku-cashiers,ou=groups,${base}\nchangetype: modify\nreplace: member\nmember: cn=reader,${base}\n`,
    );
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh/',
      payload: { refresh: first.json().refresh },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('answers 503 for a directory that does not answer', async () => {
    const res = await signIn('zaur', 'zaur-password', 'ldap-down');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('unreachable');
  });
});
