import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A free loopback port (asked of the kernel, then given back for slapd). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('slapd did not start listening');
}

/**
 * Debian's OpenLDAP server (slapd), started by the test as a child process on a loopback port, with a configuration
 * folder the test writes (no system service): the suffix `dc=agency,dc=az`, its administrator, and the entries of
 * `ldif` loaded with ldapadd (ldap-utils). `.ci/run` installs both packages.
 */
export async function startSlapd(ldif: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dnx-slapd-'));
  mkdirSync(path.join(dir, 'data'));
  const suffix = 'dc=agency,dc=az';
  const rootDn = `cn=admin,${suffix}`;
  const rootPassword = 'slapd-admin-password';
  const schema = ['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include /etc/ldap/schema/${s}.schema`);
  writeFileSync(
    path.join(dir, 'slapd.conf'),
    [
      ...schema,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${dir}/slapd.pid`,
      'database mdb',
      `suffix "${suffix}"`,
      `rootdn "${rootDn}"`,
      `rootpw ${rootPassword}`,
      `directory ${dir}/data`,
      'maxsize 10485760',
      'access to attrs=userPassword by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps it in the foreground, a child of the test that ends with it.
  const child = spawn('/usr/sbin/slapd', ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: 'ignore',
  });
  await waitForPort(port, child);
  const ldapTool = (tool: string, input: string) => {
    const result = spawnSync(tool, ['-x', '-H', url, '-D', rootDn, '-w', rootPassword], { input, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool}: ${result.stderr}`);
  };
  ldapTool('ldapadd', ldif);
  return {
    url,
    suffix,
    /** Changes entries as an administrator of the directory would (an LDIF of changetype records). */
    modify: (changes: string) => ldapTool('ldapmodify', changes),
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
