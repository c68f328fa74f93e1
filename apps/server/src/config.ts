import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { directoryProvidersSchema, type DirectoryProvider } from '@dnx/shared';

/** Every setting the server reads; `process.env` is read here and nowhere else. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A read replica the reports and their exports read from (issue 16); absent: the main database. */
  REPORTS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * The owner's login that runs the migrations (issue 25): it may change the schema, the app's login (DATABASE_URL)
   * need not. Absent: DATABASE_URL's login does both (the simple install).
   */
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** The longest statement a request may run on PostgreSQL (ms), and the longest a transaction may sit idle (ms). */
  DATABASE_STATEMENT_TIMEOUT: z.coerce.number().int().min(100).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: z.coerce.number().int().min(100).default(60_000),
  /**
   * `true` lets NODE_ENV=production run on the embedded database (one process, no replica, no point-in-time
   * recovery): a choice made on purpose, never a default.
   */
  EMBEDDED_DATABASE_IN_PRODUCTION: z.enum(['true', 'false']).default('false'),
  /** Connections the server keeps to DATABASE_URL's server; requests beyond them wait for one (at most 5 s). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /**
   * `GET /metrics` on the app's own port, for a scraper that sends `Authorization: Bearer <token>` (issue 26); absent:
   * not served there.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Sentry's DSN: unhandled errors are reported there with their request id (issue 26); absent: logged and counted. */
  SENTRY_DSN: z.url().optional(),
  /** `host:port` of a listener of its own that serves `GET /metrics` without a token (an internal address). */
  METRICS_ADDRESS: z
    .string()
    .regex(/^[^\s:]+:\d{1,5}$/, 'must be host:port, such as 127.0.0.1:9464')
    .optional(),
  MAIL_FROM: z.string().min(3).default('DNX <no-reply@dnx.gov.az>'),
  /** The mail outbox (issue 26): the first wait after a failed send (seconds, doubling up to an hour), ... */
  MAIL_RETRY_DELAY: z.coerce.number().int().min(0).max(3_600).default(30),
  /** ... the attempts before a mail is given up (an administrator may retry it), ... */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** ... and how long a worker holds a mail it sends (seconds): a process that died holding one gives it up then. */
  MAIL_CLAIM_LEASE: z.coerce.number().int().min(1).max(3_600).default(120),
  /**
   * The report summaries' worker (issue 41): the longest a written payment waits in the log before its summaries are
   * applied (milliseconds); a payment's own notice has it applied sooner. The reads fold the log in meanwhile. 0: no
   * worker in this process (another process's applies the log).
   */
  REPORT_SUMMARIES_APPLY_INTERVAL: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || (ms >= 10 && ms <= 60_000), 'must be 0 (no worker) or 10 to 60000 ms')
    .default(1_000),
  /** The app's public origin (`https://dnx.gov.az`): every link the server writes starts with it. */
  PUBLIC_URL: z
    .string()
    .refine(isPublicOrigin, 'must be an http:// or https:// origin, without a path, query or credentials')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The key the second factors' secrets are encrypted with at rest (issue 27): 32+ characters. */
  MFA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Other signing keys whose tokens are still accepted, never used to sign (issue 26: rotation without signing
   * anyone out): comma- or line-separated, each 32+ characters.
   */
  JWT_VERIFY_SECRETS: z
    .string()
    .refine(
      (value) => splitSecrets(value).every((secret) => secret.length >= 32),
      'each secret must be at least 32 characters',
    )
    .optional(),
  /**
   * The authority's Ed25519 signing keys for receipts' QR codes and the inspectors' snapshots (issue 46): a JWK set
   * (`{"keys":[...]}`); the first key with its private part `d` signs, every key is published at
   * /.well-known/jwks.json until its optional `publish_until` day. Absent: a key made once and kept in the database,
   * sealed under MFA_ENCRYPTION_KEY (docs/operations.md, "Signing keys").
   */
  SIGNING_KEYS: z.string().optional(),
  /** The inspector's phone warns that its snapshot is old past this many minutes (issue 46). */
  INSPECT_SNAPSHOT_MAX_AGE: z.coerce.number().int().min(5).max(10_080).default(720),
  /**
   * How far (seconds) a phone's clock may run ahead of the server's (issue 56): a check dated later than now plus this,
   * or made from a snapshot dated later than the check plus this, is refused.
   */
  INSPECT_CLOCK_SKEW: z.coerce.number().int().min(0).max(3_600).default(300),
  /** Snapshots, and posts of checks, allowed per person within the window (seconds), each counted apart (issue 56). */
  INSPECT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  INSPECT_RATE_WINDOW: z.coerce.number().int().positive().default(600),
  /** A delta that would bring more marks than this answers the full snapshot instead, from its cache (issue 56). */
  INSPECT_DELTA_MAX_CHANGES: z.coerce.number().int().positive().default(2_000),
  ACCESS_TOKEN_LIFETIME: z.coerce.number().int().positive().default(300),
  REFRESH_TOKEN_LIFETIME: z.coerce.number().int().positive().default(86_400),
  RESET_TOKEN_LIFETIME: z.coerce.number().int().positive().default(3_600),
  /** A session ends this long (seconds) after its sign-in, however often it was refreshed. */
  SESSION_MAX_LIFETIME: z.coerce.number().int().positive().default(43_200),
  /** A rotated refresh token presented again within this many seconds answers the same new pair (two tabs). */
  REFRESH_REUSE_GRACE: z.coerce.number().int().min(0).max(60).default(10),
  /** Failed sign-ins allowed per account from one client address within the window (seconds). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  LOGIN_RATE_WINDOW: z.coerce.number().int().positive().default(900),
  /** Failed sign-ins allowed per account from all addresses together (ASVS 6.3.1: at most 100 an hour). */
  LOGIN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  LOGIN_ACCOUNT_RATE_WINDOW: z.coerce.number().int().positive().default(3_600),
  /** Failed sign-ins allowed per client address over all accounts: high enough for an office behind one NAT. */
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(50),
  LOGIN_ADDRESS_RATE_WINDOW: z.coerce.number().int().positive().default(900),
  /** Password reset requests allowed per client address and per address asked for within the window (seconds). */
  FORGOT_PASSWORD_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  FORGOT_PASSWORD_RATE_WINDOW: z.coerce.number().int().positive().default(900),
  /** Online requests (carrier registrations and requests for marks) allowed per client address within the window. */
  ONLINE_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  ONLINE_RATE_WINDOW: z.coerce.number().int().positive().default(900),
  /**
   * Wrong public look-ups (a request's tracking, a receipt's check, a reminders' opt-out link) allowed per client
   * address within the window (seconds); a look-up that finds what it asked for does not count (issue 40).
   */
  PUBLIC_LOOKUP_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  PUBLIC_LOOKUP_RATE_WINDOW: z.coerce.number().int().positive().default(900),
  /** ALTCHA proof of work: PBKDF2 iterations per attempt, highest attempt count, challenge lifetime (seconds). */
  CAPTCHA_COST: z.coerce.number().int().positive().default(1_000),
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(2).default(5_000),
  CAPTCHA_LIFETIME: z.coerce.number().int().positive().default(600),
  /** Trust X-Forwarded-* from a reverse proxy: `true`, or its addresses/CIDRs separated by commas. Off: the socket's address. */
  TRUST_PROXY: z.string().optional(),
  /** An external state registry for the payment rows' lookups (features/registry); absent: the project's own data. */
  REGISTRY_URL: z
    .string()
    .refine(isHttpUrl, 'must be an http:// or https:// URL without credentials, query or fragment')
    .optional(),
  /** How long a registry lookup may take before it fails (milliseconds). */
  REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * The process's watchdog (issue 40, lib/watchdog.ts): the longest its event loop may stay blocked (milliseconds)
   * and the most resident memory it may hold (MB) before it ends itself for its supervisor to start it again; 0
   * turns a check off. Only the server process runs it (never the tests' apps).
   */
  WATCHDOG_EVENT_LOOP_LIMIT: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || ms >= 500, 'must be 0 (off) or at least 500 ms')
    .default(30_000),
  WATCHDOG_MEMORY_LIMIT: z.coerce
    .number()
    .int()
    .refine((mb) => mb === 0 || mb >= 32, 'must be 0 (off) or at least 32 (MB)')
    .default(2_048),
  /** `true` with NODE_ENV=test only: a route that blocks the event loop, for the watchdog's process tests. */
  WATCHDOG_TEST_BLOCK: z.enum(['true', 'false']).default('false'),
  /**
   * An import's file is read in a worker thread (issue 40) with this much heap (MB) and this long (seconds, the
   * thread's own reading time): past either it is stopped and the import fails, naming the cap.
   */
  IMPORT_READ_MEMORY_MB: z.coerce.number().int().min(16).max(8_192).default(512),
  IMPORT_READ_TIMEOUT: z.coerce.number().int().min(1).max(3_600).default(120),
  /**
   * A `checking` import whose process has not said it is alive for this long (seconds) is taken up again by any
   * process (once; the second time it fails with a reason). The checking process says so every quarter of it.
   */
  IMPORT_STALE_AFTER: z.coerce.number().int().min(2).max(3_600).default(120),
  /**
   * Bank statements (issue 48): a credit matches a paid payment whose receipt is dated within
   * `BANK_MATCH_WINDOW_DAYS` calendar days of the credit's booking; a paid payment without a credit is a difference
   * (`no_credit`) once `BANK_NO_CREDIT_GRACE_DAYS` banking days (Monday to Friday) have passed since its receipt.
   */
  BANK_MATCH_WINDOW_DAYS: z.coerce.number().int().min(0).max(366).default(10),
  BANK_NO_CREDIT_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /**
   * Work that holds a process for long, at once (issue 40): exports streaming in one process, of them one user's,
   * and uploads being taken in by one process, and one user's imports not yet checked (queued or checking, in any
   * process). Beyond them: 429 with Retry-After of `BUSY_RETRY_AFTER` seconds.
   */
  EXPORTS_PER_PROCESS: z.coerce.number().int().min(1).max(1_000).default(4),
  EXPORTS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(2),
  IMPORTS_PER_PROCESS: z.coerce.number().int().min(1).max(1_000).default(4),
  IMPORTS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(2),
  BUSY_RETRY_AFTER: z.coerce.number().int().min(1).max(3_600).default(10),
  /** The exports' share of the database pool (issue 56): their reads run at most this many at once. */
  EXPORTS_DB_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * The live event streams (issue 47): open at once in one process, and of one user (a stream a tab); the changes a
   * process keeps for a dropped stream to resume from. Beyond the limits: 429 with Retry-After.
   */
  LIVE_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(20),
  /** Of one session (one browser's tabs), so one cannot take all of a user's (issue 56). */
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1_000).default(10),
  LIVE_EVENT_BUFFER: z.coerce.number().int().min(10).max(1_000_000).default(5_000),
  /**
   * Sign-in through the agency's directory (issue 59): the providers, a JSON array (OpenID Connect and LDAP; the
   * shape is packages/shared/src/directory/schemas.ts, docs/operations.md "Sign-in with your directory"), or its
   * file in DIRECTORY_PROVIDERS_FILE. Absent: the product's own passwords only.
   */
  DIRECTORY_PROVIDERS: z.string().optional(),
  /** A provider's id: the sign-in screen goes there at once (`?local=1` still shows the form). */
  DIRECTORY_AUTO_REDIRECT: z.string().optional(),
  /**
   * The product's own passwords: `on` for every account whose password sign-in is not turned off, or `break-glass`:
   * off for everyone but the break-glass administrator of BREAK_GLASS_EMAIL.
   */
  LOCAL_PASSWORDS: z.enum(['on', 'break-glass']).default('on'),
  BREAK_GLASS_EMAIL: z.email().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  'JWT_SECRET' | 'JWT_VERIFY_SECRETS' | 'MFA_ENCRYPTION_KEY' | 'DIRECTORY_PROVIDERS'
> {
  /** The agency's directories people sign in through (DIRECTORY_PROVIDERS, checked). */
  directoryProviders: DirectoryProvider[];
  /** Absolute data folder: embedded database, generated secret, mail outbox. */
  dataDir: string;
  /** The key tokens are signed with. */
  jwtSecret: string;
  /** The key second factors' secrets are encrypted with (MFA_ENCRYPTION_KEY; generated in development). */
  mfaKey: string;
  /** Other keys whose tokens are accepted (JWT_VERIFY_SECRETS): a rotation's old or next key. */
  jwtVerifySecrets: string[];
  isProduction: boolean;
  /** Where links in mails and pages point (no trailing slash): PUBLIC_URL, else `http://localhost:PORT` outside production. */
  publicOrigin: string;
}

export class ConfigError extends Error {}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash
    );
  } catch {
    return false;
  }
}

/** An origin a link may start with; a path is refused because the app is served from the root. */
function isPublicOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
  );
}

/**
 * The secret settings, each of which may also be read from a file named by `<NAME>_FILE` (how container secrets are
 * mounted, never in the environment or a process listing).
 */
export const secretSettings = [
  'JWT_SECRET',
  'JWT_VERIFY_SECRETS',
  'MFA_ENCRYPTION_KEY',
  'METRICS_TOKEN',
  'DATABASE_URL',
  'MIGRATION_DATABASE_URL',
  'REPORTS_DATABASE_URL',
  'SMTP_URL',
  'SIGNING_KEYS',
  'DIRECTORY_PROVIDERS',
] as const;

/** `<NAME>_FILE` read into `<NAME>` (its content, trailing line break dropped); both at once is refused. */
function withSecretFiles(values: Record<string, string | undefined>): Record<string, string | undefined> {
  const result = { ...values };
  const problems: string[] = [];
  for (const name of secretSettings) {
    const file = values[`${name}_FILE`];
    delete result[`${name}_FILE`];
    if (!file) continue;
    if (values[name]) {
      problems.push(`  ${name}_FILE: ${name} is set too; set one of them`);
      continue;
    }
    try {
      result[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      problems.push(`  ${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`Invalid settings:\n${problems.join('\n')}`);
  return result;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const values = withSecretFiles(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  const parsed = envSchema.safeParse(values);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Reads and validates the settings; in development the JWT secret is generated once and kept in the data folder. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = readEnv(source);
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  if (isProduction) {
    // Links never take their host from a request header (a forged Host would mail a real token to its owner).
    const missing = [
      !env.JWT_SECRET && '  JWT_SECRET: required when NODE_ENV=production',
      !env.MFA_ENCRYPTION_KEY && '  MFA_ENCRYPTION_KEY: required when NODE_ENV=production',
      !env.PUBLIC_URL &&
        '  PUBLIC_URL: required when NODE_ENV=production (the https:// origin users open the app at, for links in mails)',
    ].filter(Boolean);
    if (missing.length > 0) throw new ConfigError(`Invalid settings:\n${missing.join('\n')}`);
  }
  const jwtSecret = env.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret');
  const mfaKey = env.MFA_ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, 'mfa-key');
  const publicOrigin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : developmentOrigin(env.HOST, env.PORT);
  const jwtVerifySecrets = env.JWT_VERIFY_SECRETS ? splitSecrets(env.JWT_VERIFY_SECRETS) : [];
  const directoryProviders = readDirectoryProviders(env, isProduction);
  const { JWT_SECRET: _omitted, JWT_VERIFY_SECRETS: _also, MFA_ENCRYPTION_KEY: _key, ...others } = env;
  const { DIRECTORY_PROVIDERS: _providers, ...rest } = others;
  return { ...rest, dataDir, jwtSecret, mfaKey, jwtVerifySecrets, isProduction, publicOrigin, directoryProviders };
}

/** The directory's providers of DIRECTORY_PROVIDERS, and the settings that name them, checked together. */
function readDirectoryProviders(env: Env, isProduction: boolean): DirectoryProvider[] {
  let providers: DirectoryProvider[] = [];
  const problems: string[] = [];
  if (env.DIRECTORY_PROVIDERS) {
    let json: unknown;
    try {
      json = JSON.parse(env.DIRECTORY_PROVIDERS);
    } catch {
      throw new ConfigError('Invalid settings:\n  DIRECTORY_PROVIDERS: must be a JSON array of providers');
    }
    const parsed = directoryProvidersSchema.safeParse(json);
    if (!parsed.success)
      throw new ConfigError(
        `Invalid settings:\n${parsed.error.issues.map((i) => `  DIRECTORY_PROVIDERS.${i.path.join('.')}: ${i.message}`).join('\n')}`,
      );
    providers = parsed.data;
  }
  if (env.DIRECTORY_AUTO_REDIRECT && !providers.some((p) => p.id === env.DIRECTORY_AUTO_REDIRECT))
    problems.push('  DIRECTORY_AUTO_REDIRECT: names no provider of DIRECTORY_PROVIDERS');
  if (env.LOCAL_PASSWORDS === 'break-glass' && !env.BREAK_GLASS_EMAIL)
    problems.push(
      '  BREAK_GLASS_EMAIL: required when LOCAL_PASSWORDS=break-glass (who still signs in with a password)',
    );
  if (isProduction)
    for (const p of providers)
      if (p.type === 'oidc' && p.allowHttp)
        problems.push(`  DIRECTORY_PROVIDERS: ${p.id} allows http:// in production`);
  if (problems.length > 0) throw new ConfigError(`Invalid settings:\n${problems.join('\n')}`);
  return providers;
}

/** A list of secrets as written in a setting or its file: separated by commas or line breaks. */
function splitSecrets(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((secret) => secret.trim())
    .filter(Boolean);
}

/** Outside production: this machine at the port it listens on (the address it listens on when that is one address). */
function developmentOrigin(host: string, port: number): string {
  const anyAddress = ['0.0.0.0', '::', '[::]'].includes(host);
  const name = anyAddress ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new URL(`http://${name}:${port}`).origin;
}

function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
