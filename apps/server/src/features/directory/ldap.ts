import { readFileSync } from 'node:fs';
import { directoryMessages, type LdapProvider } from '@dnx/shared';
import { Client, Filter, InvalidCredentialsError, type Entry } from 'ldapts';
import { fieldErrors } from '../../lib/http-errors';
import { DirectoryUnreachable, errorText } from './oidc-client';

/** Characters never in a user name: controls and NUL (an escaped `*()\` is only text, and is allowed). */
const hasControl = (name: string) => [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The user filter with the user name in it, escaped as RFC 4515 says (`*)(uid=*` is searched as that text). */
export function userFilterOf(provider: LdapProvider, username: string): string {
  if (hasControl(username) || username.trim() !== username || username.length === 0)
    throw fieldErrors({ username: [directoryMessages.userNameInvalid] });
  return provider.userFilter.replaceAll('{user}', Filter.escape(username));
}

const readSecret = (file: string) => readFileSync(file, 'utf8').replace(/\r?\n$/, '');

/** A client of the provider's server: LDAPS, or StartTLS, checked against the CA file when one is set. */
async function connect(provider: LdapProvider): Promise<Client> {
  const ca = provider.caFile ? [readFileSync(provider.caFile)] : undefined;
  const tlsOptions = ca ? { ca } : {};
  const client = new Client({
    url: provider.url,
    timeout: provider.timeoutSeconds * 1000,
    connectTimeout: provider.timeoutSeconds * 1000,
    tlsOptions,
  });
  if (provider.startTls) await client.startTLS(tlsOptions);
  return client;
}

/** An LDAP call whose failure to connect or answer means the directory is unreachable. */
async function reach<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof InvalidCredentialsError) throw err;
    const e = err as { code?: string; name?: string; message?: string };
    if (e.code?.startsWith('E') || /timeout|timed out|connect|socket|closed/i.test(`${e.name} ${e.message}`))
      throw new DirectoryUnreachable(errorText(err), { cause: err });
    throw err;
  }
}

const first = (entry: Entry, name: string): string => {
  const value = entry[name];
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined ? '' : Buffer.isBuffer(one) ? one.toString('hex') : String(one);
};

/** The person's groups: the ones naming them as a member, and those groups' groups (nested, up to 10 levels). */
async function groupsOf(client: Client, provider: LdapProvider, userDn: string): Promise<string[]> {
  const base = provider.groupBase ?? provider.userBase;
  const names = new Set<string>();
  const attributes = ['cn', 'dn'];
  if (provider.activeDirectory) {
    const { searchEntries } = await client.search(base, {
      scope: 'sub',
      filter: `(member:1.2.840.113556.1.4.1941:=${Filter.escape(userDn)})`,
      attributes,
    });
    for (const g of searchEntries) names.add(first(g, 'cn')).add(g.dn);
    return [...names].filter(Boolean);
  }
  let frontier = [userDn];
  const seen = new Set<string>();
  for (let depth = 0; depth < 10 && frontier.length > 0; depth++) {
    const filter = `(|${frontier.map((dn) => `(member=${Filter.escape(dn)})`).join('')})`;
    const { searchEntries } = await client.search(base, { scope: 'sub', filter, attributes });
    frontier = searchEntries.map((g) => g.dn).filter((dn) => !seen.has(dn));
    for (const g of searchEntries) {
      seen.add(g.dn);
      names.add(first(g, 'cn')).add(g.dn);
    }
  }
  return [...names].filter(Boolean);
}

/** The claims of an LDAP entry, as the mapping reads claims: the directory's own address counts as verified. */
async function claimsOf(client: Client, provider: LdapProvider, entry: Entry): Promise<Record<string, unknown>> {
  const a = provider.attributes;
  const groups = await groupsOf(client, provider, entry.dn);
  return {
    sub: first(entry, a.id),
    email: first(entry, a.email),
    email_verified: first(entry, a.email) !== '',
    given_name: first(entry, a.firstName),
    family_name: first(entry, a.lastName),
    dn: entry.dn,
    groups,
    [provider.mapping.groupsClaim]: groups,
  };
}

/** The service account's search for one entry; null when none or more than one match. */
async function findEntry(client: Client, provider: LdapProvider, filter: string): Promise<Entry | null> {
  await client.bind(provider.bindDn, readSecret(provider.bindPasswordFile));
  const a = provider.attributes;
  const enabled = provider.activeDirectory ? '(!(userAccountControl:1.2.840.113556.1.4.803:=2))' : '';
  const { searchEntries } = await client.search(provider.userBase, {
    scope: 'sub',
    filter: enabled ? `(&${filter}${enabled})` : filter,
    attributes: [a.id, a.email, a.firstName, a.lastName],
    sizeLimit: 2,
  });
  return searchEntries.length === 1 ? searchEntries[0]! : null;
}

/**
 * An LDAP sign-in (issue 59): the service account finds the person by the escaped user name, the person binds with
 * their own DN and password (an empty password, an unauthenticated bind, never reaches the server), and the service
 * account reads their groups. Null for a wrong name or password; DirectoryUnreachable when the server does not answer.
 */
export async function ldapBind(
  provider: LdapProvider,
  username: string,
  password: string,
): Promise<Record<string, unknown> | null> {
  const filter = userFilterOf(provider, username);
  if (password.length === 0) return null;
  return reach(async () => {
    const client = await connect(provider);
    try {
      const entry = await findEntry(client, provider, filter);
      if (!entry) return null;
      try {
        await client.bind(entry.dn, password);
      } catch (err) {
        if (err instanceof InvalidCredentialsError) return null;
        throw err;
      }
      // Groups are read as the service account again (a person may not read the groups).
      await client.bind(provider.bindDn, readSecret(provider.bindPasswordFile));
      return await claimsOf(client, provider, entry);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  });
}

/** The person of `subject` as the directory has them now (at a refresh), or null when the entry is gone or disabled. */
export async function lookUpLdapPerson(
  provider: LdapProvider,
  subject: string,
): Promise<Record<string, unknown> | null> {
  const id = provider.attributes.id;
  const value = provider.activeDirectory ? Filter.escape(Buffer.from(subject, 'hex')) : Filter.escape(subject);
  return reach(async () => {
    const client = await connect(provider);
    try {
      const entry = await findEntry(client, provider, `(${id}=${value})`);
      return entry ? await claimsOf(client, provider, entry) : null;
    } finally {
      await client.unbind().catch(() => undefined);
    }
  });
}
