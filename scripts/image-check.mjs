// `npm run image:check` (issue 45): the container image built and run here, not only written.
//
// 1. The tools it needs, installed from Debian's packages when missing (as root, as .ci/run installs its own):
//    buildah, mmdebstrap, caddy, systemd (systemd-analyze), PostgreSQL.
// 2. The deployment files checked by their own tools: the systemd units (`systemd-analyze verify`, any complaint
//    fails), compose.yaml against the Compose specification's JSON schema (the copy dclint ships, validated with
//    ajv), deploy/Caddyfile (`caddy validate`).
// 3. The stand-in base images, made when missing (scripts/lib/image-base.mjs: no image registry is reachable here).
// 4. The project's Dockerfile built as it is (buildah, chroot isolation); the one build argument is PG_CLIENT=debian
//    (pg_dump from Debian: the PostgreSQL project's repository is out of reach, and the check's server is the
//    machine's 15). IMAGE_CHECK_PG_CLIENT=pgdg builds the default.
// 5. From the built image, against a PostgreSQL started for the check (password logins over TCP): the migrate step
//    of compose.yaml with the owner's login, the first administrator, two application processes with the image's
//    ENTRYPOINT (tini) and CMD and x-app's settings (the app's login, the *_FILE secrets mounted at /run/secrets),
//    a sign-in through the proof of work with the second factor, a payment (its reference data, an operator and an
//    accepted batch made through the API), a backup with the image's pg_dump, a restore into a new database, both
//    hash chains verified on both databases; the image runs as a non-root user, holds none of the web app's or the
//    build's packages, and its HEALTHCHECK command answers 0 with the server up and 1 with it down.
// It prints the image's size and each step's time, and stops and removes everything it started (the stand-in base
// images are kept: IMAGE_CHECK_NEW_BASE=1 makes them again; IMAGE_CHECK_KEEP_IMAGE=1 keeps the built image, and
// IMAGE_CHECK_REUSE_IMAGE=1 runs the checks on a kept image without building it again, for working on the check).
// Root is needed (buildah's chroot isolation, the PostgreSQL cluster as user postgres).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Secret, TOTP } from 'otpauth';
import { parse } from 'yaml';
import { binaries, startCluster } from './lib/postgres-cluster.mjs';
import { ensureBaseImages, imageExists } from './lib/image-base.mjs';
import { apiCall as api, freePort, root, waitForHealth } from './lib/server-process.mjs';
import { databaseUrl, queryRows } from './lib/throwaway-database.mjs';

const image = 'localhost/dnx-back-office:check';
const pgClient = process.env.IMAGE_CHECK_PG_CLIENT ?? 'debian';
const started = performance.now();
const timings = [];
const cleanups = [];
const work = mkdtempSync(path.join(tmpdir(), 'dnx-image-check-'));
const buildLog = path.join(tmpdir(), 'dnx-image-check-build.log');
let imageSize = null;

function log(line) {
  console.log(`image:check: ${line}`);
}

/** Runs one named step and records its time. */
async function step(name, fn) {
  const t0 = performance.now();
  log(`${name} ...`);
  try {
    return await fn();
  } finally {
    const seconds = (performance.now() - t0) / 1000;
    timings.push([name, seconds]);
    log(`${name}: ${seconds.toFixed(1)} s`);
  }
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** A command's result; throws with its output when it fails (unless `allowFailure`). */
function run(command, args, { allowFailure = false, ...options } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  if (!allowFailure && result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')}: exit ${result.status}\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  return result;
}

const buildah = (...args) => run('buildah', args).stdout.trim();

// 1. Tools ---------------------------------------------------------------------------------------------------------

function ensureTools() {
  const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
  const need = [];
  if (!has('buildah')) need.push('buildah');
  if (!has('mmdebstrap')) need.push('mmdebstrap');
  if (!has('caddy')) need.push('caddy');
  if (!has('systemd-analyze')) need.push('systemd');
  try {
    binaries();
  } catch {
    need.push('postgresql');
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      'image:check runs as root (buildah with chroot isolation, a PostgreSQL cluster as user postgres)' +
        (need.length ? `; it also needs: apt-get install --no-install-recommends ${need.join(' ')}` : ''),
    );
  }
  if (need.length === 0) return;
  log(`installing ${need.join(' ')} (Debian's packages)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...need], { env });
}

// 2. The deployment files ------------------------------------------------------------------------------------------

function checkSystemdUnits() {
  const units = ['dnx.service', 'dnx-backup.service', 'dnx-backup.timer'].map((u) => path.join(root, 'deploy', u));
  const result = run('systemd-analyze', ['verify', ...units], { allowFailure: true });
  // verify exits 0 on an unknown key or a bad value (it logs and ignores them): any complaint fails the check.
  const complaints = `${result.stdout}${result.stderr}`.trim();
  check(result.status === 0 && complaints === '', `systemd-analyze verify: exit ${result.status}\n${complaints}`);
}

function checkComposeSchema() {
  const require = createRequire(import.meta.url);
  const Ajv = require('ajv');
  // dclint ships the Compose specification's schema (schemas/compose.schema.json); its exports hide the file.
  const dclint = path.dirname(require.resolve('dclint/package.json'));
  const schema = JSON.parse(readFileSync(path.join(dclint, 'schemas/compose.schema.json'), 'utf8'));
  // The spec's own formats (duration, ports, expose) are not JSON Schema's: checked as strings, as compose does.
  const ajv = new (Ajv.default ?? Ajv)({ allErrors: true, strict: false, validateFormats: false });
  // Draft-07, which is ajv's own; the file names it by an https address ajv does not know it by.
  const { $schema: _draft, ...draft07 } = schema;
  const validate = ajv.compile(draft07);
  // YAML merge keys (<<: *app) are resolved first, as compose resolves them.
  const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true });
  const valid = validate(compose);
  check(
    valid,
    `compose.yaml does not follow the Compose specification (${schema.$id}):\n` +
      (validate.errors ?? [])
        .map((e) => `  ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`)
        .join('\n'),
  );
  return compose;
}

function checkCaddyfile() {
  // {$DNX_DOMAIN} as compose gives it.
  const result = run('caddy', ['validate', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    allowFailure: true,
    env: { ...process.env, DNX_DOMAIN: 'dnx.example.az' },
  });
  check(result.status === 0, `caddy validate: exit ${result.status}\n${result.stderr}`);
}

// 4. The build -----------------------------------------------------------------------------------------------------

function buildImage() {
  if (process.env.IMAGE_CHECK_REUSE_IMAGE && imageExists(image)) {
    log('IMAGE_CHECK_REUSE_IMAGE: the image of an earlier run, not built again');
  } else build();
  if (!process.env.IMAGE_CHECK_KEEP_IMAGE) cleanups.push(() => run('buildah', ['rmi', image], { allowFailure: true }));
  const config = JSON.parse(buildah('inspect', '--type', 'image', image)).Docker.config;
  const size = JSON.parse(buildah('images', '--json', image))[0].size; // e.g. "412 MB"
  return { config, size };
}

function build() {
  const out = openSync(buildLog, 'w');
  try {
    const result = spawnSync(
      'buildah',
      [
        'bud',
        '--isolation',
        'chroot',
        // HEALTHCHECK is kept only in Docker's format (OCI's has no field for it).
        '--format',
        'docker',
        '--pull=never',
        '--build-arg',
        `PG_CLIENT=${pgClient}`,
        '-t',
        image,
        '-f',
        'Dockerfile',
        '.',
      ],
      { cwd: root, stdio: ['ignore', out, out] },
    );
    if (result.status !== 0) {
      const tail = readFileSync(buildLog, 'utf8').split('\n').slice(-40).join('\n');
      throw new Error(`the image did not build (exit ${result.status}; ${buildLog}):\n${tail}`);
    }
  } finally {
    closeSync(out);
  }
}

// 5. Running the image ---------------------------------------------------------------------------------------------

let containerSerial = 0;
/** A new container of the image (its own root file system, as each compose service has); removed at the end. */
function newContainer(name) {
  containerSerial += 1;
  const container = buildah(
    'from',
    '--pull=never',
    '--name',
    `dnx-check-${name}-${process.pid}-${containerSerial}`,
    image,
  );
  cleanups.push(() => run('buildah', ['rm', container], { allowFailure: true }));
  return container;
}

const envFlags = (env) => Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
const volumeFlags = (volumes) => volumes.flatMap((v) => ['--volume', v]);

/** Runs `argv` in `container` as the image's user (buildah run), like `docker compose run`. */
function runIn(container, argv, { env = {}, volumes = [], allowFailure = false } = {}) {
  return run(
    'buildah',
    ['run', '--isolation', 'chroot', ...envFlags(env), ...volumeFlags(volumes), container, '--', ...argv],
    { allowFailure },
  );
}

/** The process ids under `pid` (its children, theirs, ...), each with its parent, command line and root folder. */
function descendants(pid) {
  const all = [];
  for (const entry of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      all.push({ pid: Number(entry), ppid, cmdline, root: readlinkSync(`/proc/${entry}/root`) });
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.pop();
    for (const p of all.filter((q) => q.ppid === parent)) {
      found.push(p);
      queue.push(p.pid);
    }
  }
  return found;
}

/**
 * An application process as compose starts it: the image's ENTRYPOINT and CMD in a container of its own, the
 * environment given, listening on a free port of 127.0.0.1; ready when /api/health/ready/ answers.
 */
async function startApp(name, config, env, volumes) {
  const container = newContainer(name);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(work, `${name}.log`);
  const out = openSync(logFile, 'a');
  const argv = [...(config.Entrypoint ?? []), ...config.Cmd];
  const child = spawn(
    'buildah',
    [
      'run',
      '--isolation',
      'chroot',
      ...envFlags({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
      ...volumeFlags(volumes),
      container,
      '--',
      ...argv,
    ],
    { stdio: ['ignore', out, out], detached: true },
  );
  closeSync(out);
  let code = null;
  const exited = new Promise((resolve) =>
    child.on('exit', (c, signal) => {
      code = c ?? signal;
      resolve(code);
    }),
  );
  /** What runs inside the container (chrooted: its root is not ours), the image's ENTRYPOINT first. */
  const inside = () => descendants(child.pid).filter((p) => p.root !== '/' && p.cmdline[0] !== 'buildah-chroot-exec');
  /** As `docker stop`: SIGTERM to the container's first process (tini passes it on), SIGKILL after 20 s. */
  const stop = async () => {
    if (code !== null) return code;
    const entry = inside().find((p) => p.cmdline[0] === argv[0]);
    if (entry) process.kill(entry.pid, 'SIGTERM');
    const timeout = new Promise((r) => setTimeout(() => r('timeout'), 20_000));
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    }
    return code;
  };
  cleanups.push(stop);
  await Promise.race([
    waitForHealth(baseUrl, 120_000, '/api/health/ready/'),
    exited.then((c) => {
      throw new Error(`${name} exited with ${c} before it was ready:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    }),
  ]);
  return { name, container, baseUrl, port, stop, logFile, argv, inside };
}

/** Signs in as the browser does (the proof of work, then the second factor); the token and the factor's key. */
async function signIn(baseUrl, email, password) {
  const post = async (url, body, token) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const challenge = await (await fetch(`${baseUrl}/api/captcha/challenge/`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const gtoken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const answer = await post('/api/token/', { email, password, gtoken });
  if (!answer.mfa) return { token: answer.access, secret: null, post };
  check(answer.mfa === 'enrol', `${email}: a second factor this check did not set up`);
  const { secret } = await post('/api/token/mfa/enrol/', { mfa_token: answer.mfa_token });
  const confirmed = await post('/api/token/mfa/enrol/confirm/', { mfa_token: answer.mfa_token, code: totp(secret) });
  return { token: confirmed.access, secret };
}

const totp = (secret, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** The names under node_modules of a container, scoped ones as @scope/name. */
function modulesIn(container) {
  const listing = runIn(container, [
    'node',
    '-e',
    `const fs=require('fs');const out=[];for(const n of fs.readdirSync('node_modules')){if(n.startsWith('@'))` +
      `for(const s of fs.readdirSync('node_modules/'+n))out.push(n+'/'+s);else out.push(n)}console.log(out.join('\\n'))`,
  ]).stdout;
  return new Set(listing.split('\n').filter(Boolean));
}

/** The names of the packages the server needs at run time: its dependencies and theirs, from the lockfile. */
function serverClosure() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
  const resolve = (name, from) => {
    for (
      let dir = from;
      ;
      dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : ''
    ) {
      const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (lock[key]) return lock[key].link ? lock[key].resolved : key;
      if (!dir) return null;
    }
  };
  const names = new Set();
  const seen = new Set();
  const queue = ['apps/server'];
  while (queue.length > 0) {
    const at = queue.pop();
    if (seen.has(at)) continue;
    seen.add(at);
    const entry = lock[at];
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const deps = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers[n]?.optional),
    ];
    for (const name of deps) {
      const found = resolve(name, at);
      if (!found) continue;
      names.add(name);
      queue.push(found);
    }
  }
  return names;
}

/**
 * What the final image must not hold: the web app's packages and the build's tools (the direct dependencies of the
 * web app and the development dependencies) that the server's run-time closure does not reach. Type declarations
 * (@types/*) are only reported: npm keeps them under --omit=dev when a package names them as optional peers.
 */
function forbiddenPackages() {
  const read = (p) => JSON.parse(readFileSync(path.join(root, p), 'utf8'));
  const web = read('apps/web/package.json');
  const closure = serverClosure();
  return [
    ...Object.keys(web.dependencies ?? {}),
    ...Object.keys(web.devDependencies ?? {}),
    ...Object.keys(read('apps/server/package.json').devDependencies ?? {}),
    ...Object.keys(read('package.json').devDependencies ?? {}),
  ].filter((name) => !closure.has(name) && !name.startsWith('@dnx/'));
}

// The check ---------------------------------------------------------------------------------------------------------

async function main() {
  await step('tools', () => ensureTools());
  let compose;
  await step('deployment files (systemd-analyze verify, Compose schema, caddy validate)', () => {
    checkSystemdUnits();
    compose = checkComposeSchema();
    checkCaddyfile();
  });
  await step('stand-in base images', () => {
    const made = ensureBaseImages({ fresh: Boolean(process.env.IMAGE_CHECK_NEW_BASE) });
    log(made.length ? `made ${made.join(', ')}` : 'kept from an earlier run');
  });
  const { config, size } = await step(`build the Dockerfile (PG_CLIENT=${pgClient}; log ${buildLog})`, () =>
    buildImage(),
  );
  imageSize = size;
  log(`image ${image}: ${size}`);

  // What the image is, before anything runs in it.
  const inspect = newContainer('inspect');
  const versions = await step('the image as built: user, packages, tools', () => {
    check(config.User && config.User !== 'root' && config.User !== '0', `the image runs as ${config.User || 'root'}`);
    const uid = Number(runIn(inspect, ['id', '-u']).stdout.trim());
    check(uid !== 0, 'a process of the image runs as uid 0');
    const modules = modulesIn(inspect);
    const present = forbiddenPackages().filter((name) => modules.has(name));
    const types = present.filter((name) => name.startsWith('@types/'));
    const code = present.filter((name) => !name.startsWith('@types/'));
    check(code.length === 0, `the image holds packages the server does not use: ${code.join(', ')}`);
    if (types.length > 0) log(`type declarations only (no code), kept by npm as optional peers: ${types.join(', ')}`);
    for (const file of ['apps/server/dist/server.js', 'apps/server/dist/cli.js', 'apps/web/dist/index.html'])
      check(runIn(inspect, ['test', '-f', file], { allowFailure: true }).status === 0, `the image lacks ${file}`);
    check(runIn(inspect, ['test', '-x', config.Entrypoint[0]], { allowFailure: true }).status === 0, 'no tini');
    const node = runIn(inspect, ['node', '--version']).stdout.trim();
    const pgDump = runIn(inspect, ['sh', '-c', 'ls -d /usr/lib/postgresql/*/bin/pg_dump']).stdout.trim().split('\n');
    const pgDumpVersion = runIn(inspect, [pgDump.at(-1), '--version']).stdout.trim();
    log(`uid ${uid} (${config.User}), ${modules.size} packages, node ${node}, ${pgDumpVersion}`);
    return { uid, pgDumpVersion };
  });

  // A PostgreSQL for the check, with password logins over TCP as the containers reach it.
  const cluster = await step('PostgreSQL for the check, the owner and the database', async () => {
    const started = await startCluster();
    cleanups.push(() => started.stop());
    writeFileSync(
      path.join(started.data, 'pg_hba.conf'),
      'local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n',
    );
    await queryRows(started.url, 'select pg_reload_conf()');
    return started;
  });
  const superuser = cluster.url;
  const port = new URL(superuser).port;
  const serverMajor = Number((await queryRows(superuser, 'show server_version_num'))[0].server_version_num) / 10000;
  const dumpMajor = Number(/(\d+)\.\d+/.exec(versions.pgDumpVersion)[1]);
  check(
    dumpMajor >= Math.floor(serverMajor),
    `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${Math.floor(serverMajor)} server`,
  );
  const ownerPassword = randomBytes(18).toString('hex');
  const webPassword = randomBytes(18).toString('hex');
  // The owner as the guide's "Two logins" makes it (not a superuser: it may create roles), its databases.
  await queryRows(superuser, `create role dnx_owner login password '${ownerPassword}' createrole`);
  await queryRows(superuser, `create database dnx owner dnx_owner locale 'C.UTF-8' template template0`);
  await queryRows(superuser, `create database dnx_restored owner dnx_owner locale 'C.UTF-8' template template0`);
  const loginUrl = (user, password, db) => `postgres://${user}:${password}@127.0.0.1:${port}/${db}`;

  // The secrets as compose mounts them: files readable by the image's user only.
  const secrets = path.join(work, 'secrets');
  const backups = path.join(work, 'backups');
  mkdirSync(secrets);
  mkdirSync(backups);
  chmodSync(work, 0o755);
  const secretFiles = {
    jwt_secret: randomBytes(48).toString('base64'),
    mfa_key: randomBytes(48).toString('base64'),
    migration_database_url: loginUrl('dnx_owner', ownerPassword, 'dnx'),
    database_url: loginUrl('dnx_web', webPassword, 'dnx'),
    reports_database_url: loginUrl('dnx_web', webPassword, 'dnx'),
    smtp_url: `smtp://127.0.0.1:${await freePort()}`,
    web_password: webPassword,
    replicator_password: randomBytes(18).toString('hex'),
    restored_migration_database_url: loginUrl('dnx_owner', ownerPassword, 'dnx_restored'),
    restored_database_url: loginUrl('dnx_web', webPassword, 'dnx_restored'),
  };
  for (const [name, value] of Object.entries(secretFiles)) {
    const file = path.join(secrets, name);
    writeFileSync(file, `${value}\n`, { mode: 0o400 });
    chownSync(file, versions.uid, -1);
  }
  chownSync(backups, versions.uid, -1);
  const volumes = [`${secrets}:/run/secrets:ro`];

  // The primary's first start as compose runs it: deploy/postgres/primary-init.sh makes the role dnx_app and the
  // app's login dnx_web in it (the migrate command checks the app's login too).
  await step('deploy/postgres/primary-init.sh', async () => {
    const bin = binaries();
    run('bash', [path.join(root, 'deploy/postgres/primary-init.sh')], {
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        SECRETS_DIR: secrets,
        POSTGRES_USER: 'postgres',
        POSTGRES_DB: 'dnx',
        PGDATA: cluster.data,
        PGHOST: new URL(superuser).searchParams.get('host'),
        PGPORT: port,
      },
    });
    await queryRows(superuser, 'select pg_reload_conf()');
  });

  /** A compose service's environment: ${DNX_DOMAIN:-localhost} filled in as compose does. */
  const environmentOf = (service) =>
    Object.fromEntries(
      Object.entries(compose.services[service].environment ?? {}).map(([k, v]) => [
        k,
        String(v).replace('${DNX_DOMAIN:-localhost}', 'localhost'),
      ]),
    );
  const migrateEnv = environmentOf('migrate');
  const migrateCommand = compose.services.migrate.command;
  const cli = (...args) => [...migrateCommand.slice(0, -1), ...args];
  const adminPassword = `Yol-${randomBytes(6).toString('hex')}-2026`;

  await step('migrate (compose.yaml migrate service: the owner login), create-admin', async () => {
    const container = newContainer('migrate');
    const migrated = runIn(container, migrateCommand, { env: migrateEnv, volumes });
    check(migrated.stdout.includes('Migrations applied.'), `migrate said: ${migrated.stdout}${migrated.stderr}`);
    runIn(container, cli('create-admin', '--email', 'admin@agency.az'), {
      env: { ...migrateEnv, ADMIN_PASSWORD: adminPassword },
      volumes,
    });
    const ddl = await queryRows(secretFiles.database_url, 'create table intruder (id int)').catch((e) => e.code);
    check(ddl === '42501', `the app's login could change the schema (${ddl})`);
  });

  const apps = await step('two application processes (x-app: the app login, *_FILE secrets; tini)', async () => {
    const started = [];
    for (const name of ['app-1', 'app-2']) started.push(await startApp(name, config, environmentOf(name), volumes));
    const [first] = started;
    // tini is the container's first process and the server its child (issue 40: so the watchdog's kill lands).
    const tree = first.inside();
    const tini = tree.find((p) => p.cmdline[0] === '/usr/bin/tini');
    const server = tree.find((p) => p.cmdline.includes('apps/server/dist/server.js') && p.cmdline[0] === 'node');
    check(
      tini && server?.ppid === tini.pid,
      `not tini then the server: ${tree.map((p) => p.cmdline.join(' ')).join('; ')}`,
    );
    return started;
  });
  const [app1, app2] = apps;

  const payment = await step('sign in through the proof of work, then a payment', async () => {
    const admin = await signIn(app1.baseUrl, 'admin@agency.az', adminPassword);
    const as = (app, method, url, body) => api(app.baseUrl, admin.token, method, url, body);
    // The session is good on the other process; a fresh second-factor code confirms it for account actions.
    await as(app2, 'POST', '/api/user/current-user/');
    await as(app2, 'POST', '/api/user/mfa/step-up/', { code: totp(admin.secret, 1) });
    const region = await as(app1, 'POST', '/api/regions/', { name: 'Naxçıvan', coefficient: '1.2', status: 1 });
    const transportType = await as(app2, 'POST', '/api/transport-types/', {
      name: 'Avtobus',
      fee_group: 'seat',
      status: 1,
    });
    await as(app1, 'POST', '/api/tariffs/', { fee_group: 'seat', rate: '1.50', effective_from: '2020-01-01' });
    const coefficient = await as(app2, 'POST', '/api/fn-coefficients/', {
      coefficient: '1.00',
      description: 'Əsas',
      status: 1,
    });
    const groups = await as(app1, 'GET', '/api/user/groups/');
    const operatorGroup = (groups.results ?? groups.data ?? groups).find((g) => g.code === 'operator');
    check(operatorGroup, `no operator group in ${JSON.stringify(groups).slice(0, 300)}`);
    const operatorPassword = `Qarabag-${randomBytes(4).toString('hex')}-Yol`;
    const operator = await as(app2, 'POST', '/api/user/users/create-account/', {
      email: 'operator@agency.az',
      password: operatorPassword,
      confirm_password: operatorPassword,
      first_name: 'Vüqar',
      last_name: 'Nəsirov',
      parent_name: 'Kamal',
      phone: '+994501234567',
      date_of_birth: '1990-05-17',
      region: region.id,
      groups: [operatorGroup.id],
      user_permissions: [],
    });
    const operatorId = operator.data?.data?.id ?? operator.id;
    const batch = await as(app1, 'POST', '/api/fn/batches/', {
      series: 'IM',
      start_number: '000001',
      finish_number: '000002',
      operator: operatorId,
      region: region.id,
      transport_type: transportType.id,
      coefficient: coefficient.id,
      expire_date: 3,
      expire_date_type: 'month',
    });
    const operatorSession = await signIn(app2.baseUrl, 'operator@agency.az', operatorPassword);
    await api(app2.baseUrl, operatorSession.token, 'POST', `/api/fn/batches/${batch.id}/accept/`, {});
    const forms = (await as(app2, 'GET', `/api/fn/forms/?batch=${batch.id}&no_page=1`)).results;
    const made = await as(app1, 'POST', '/api/payments/', {
      owner_code: '1234567891',
      owner_name: 'Əliyev Vəli Məmməd oğlu',
      region: region.id,
      mdssh_number: 'M-1',
      mdssh_date: '2026-01-10',
      mdssh_amount: '10.00',
      itsda_number: 'I-1',
      itsda_date: '2026-01-10',
      itsda_amount: '12.50',
      rows: [
        {
          form: forms[0].id,
          plate: '10-IM-001',
          transport_type: transportType.id,
          seats_count: 18,
          coefficient: '1.00',
          expire_date: 3,
        },
      ],
    });
    const seen = await as(app2, 'GET', `/api/payments/${made.id}/`);
    check(seen.id === made.id, `the other process does not serve payment ${made.id}`);
    log(`payment ${made.id}: ${made.total ?? seen.total} ₼`);
    return made;
  });

  await step("backup with the image's pg_dump, restore into a new database, both chains verified", async () => {
    const container = newContainer('backup');
    const backupVolumes = [...volumes, `${backups}:/backups`];
    const backup = runIn(container, cli('backup', '/backups/dnx.dnx'), { env: migrateEnv, volumes: backupVolumes });
    check(existsSync(path.join(backups, 'dnx.dnx')), `no backup file: ${backup.stdout}${backup.stderr}`);
    const restoreEnv = {
      ...migrateEnv,
      MIGRATION_DATABASE_URL_FILE: '/run/secrets/restored_migration_database_url',
      DATABASE_URL_FILE: '/run/secrets/restored_database_url',
    };
    const restored = runIn(container, cli('restore', '/backups/dnx.dnx'), {
      env: restoreEnv,
      volumes: backupVolumes,
      allowFailure: true,
    });
    check(restored.status === 0, `restore: exit ${restored.status}\n${restored.stdout}${restored.stderr}`);
    for (const [env, which] of [
      [migrateEnv, 'dnx'],
      [restoreEnv, 'dnx_restored'],
    ])
      for (const command of ['verify-audit', 'verify-ledger']) {
        const result = runIn(container, cli(command), { env, volumes, allowFailure: true });
        const answer = JSON.parse(result.stdout.trim().split('\n').at(-1));
        check(result.status === 0 && answer.ok && answer.rows > 0, `${command} on ${which}: ${result.stdout}`);
        log(`${command} on ${which}: ${answer.rows} rows, intact`);
      }
    const rows = await queryRows(
      databaseUrl(superuser, 'dnx_restored'),
      'select count(*)::int as n from payments where id = $1',
      [payment.id],
    );
    check(rows[0].n === 1, 'the restored database lacks the payment');
  });

  await step('HEALTHCHECK command: 0 with the server up, 1 with it down', async () => {
    const test = config.Healthcheck?.Test;
    check(test?.[0] === 'CMD', `no HEALTHCHECK in exec form: ${JSON.stringify(test)}`);
    const probe = (app) =>
      runIn(app.container, test.slice(1), { env: { PORT: String(app.port) }, allowFailure: true }).status;
    check(probe(app2) === 0, 'the health check failed with the server up');
    const code = await app1.stop();
    log(`app-1 stopped by SIGTERM through tini: exit ${code}`);
    check(probe(app1) === 1, 'the health check passed with the server down');
  });
}

async function cleanUp() {
  while (cleanups.length > 0) {
    const next = cleanups.pop();
    try {
      await next();
    } catch (err) {
      console.error(`image:check: cleaning up: ${err.message}`);
    }
  }
  rmSync(work, { recursive: true, force: true });
}

let failed = null;
try {
  await main();
} catch (err) {
  failed = err;
} finally {
  await step('stop and remove what the check started', () => cleanUp());
}
console.log('\nimage:check: step times');
for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
console.log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s  in all`);
if (imageSize) console.log(`image:check: the image ${image} is ${imageSize}`);
if (failed) {
  console.error(`\nimage:check: FAILED: ${failed.stack ?? failed}`);
  process.exitCode = 1;
} else {
  console.log('image:check: passed');
}
