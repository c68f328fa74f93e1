import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretSettings } from './config';

const fresh = () => mkdtempSync(path.join(tmpdir(), 'dnx-config-'));

describe('settings', () => {
  it('has defaults for everything but the production secret', () => {
    const dir = fresh();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(dir);
    expect(config.ACCESS_TOKEN_LIFETIME).toBe(300);
    expect(config.REFRESH_TOKEN_LIFETIME).toBe(86_400);
  });

  it('generates the JWT secret once and keeps it in the data folder', () => {
    const dir = fresh();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(true);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('requires JWT_SECRET, MFA_ENCRYPTION_KEY and PUBLIC_URL in production, naming each', () => {
    expect(() => loadConfig({ DATA_DIR: fresh(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required/);
    expect(() => loadConfig({ DATA_DIR: fresh(), NODE_ENV: 'production' })).toThrow(/MFA_ENCRYPTION_KEY: required/);
    expect(() => loadConfig({ DATA_DIR: fresh(), NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: required when NODE_ENV=production/,
    );
    const secret = 'a-production-secret-of-at-least-32-chars';
    expect(() => loadConfig({ DATA_DIR: fresh(), NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(ConfigError);
    const config = loadConfig({
      DATA_DIR: fresh(),
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      MFA_ENCRYPTION_KEY: `${secret}-mfa`,
      PUBLIC_URL: 'https://dnx.gov.az/',
    });
    expect(config.publicOrigin).toBe('https://dnx.gov.az');
  });

  it('points links at this machine and its port outside production', () => {
    expect(loadConfig({ DATA_DIR: fresh() }).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: fresh(), PORT: '41234' }).publicOrigin).toBe('http://localhost:41234');
    // The end-to-end server listens on one loopback address: links go there, so the browser stays on one origin.
    expect(loadConfig({ DATA_DIR: fresh(), PORT: '41234', HOST: '127.0.0.1' }).publicOrigin).toBe(
      'http://127.0.0.1:41234',
    );
    expect(loadConfig({ DATA_DIR: fresh(), HOST: '::' }).publicOrigin).toBe('http://localhost:8080');
  });

  it('takes PUBLIC_URL only as an http(s) origin', () => {
    for (const bad of [
      'dnx.gov.az',
      'ftp://dnx.gov.az',
      'https://dnx.gov.az/app',
      'https://u:p@dnx.gov.az',
      'https://dnx.gov.az/?a=1',
    ]) {
      expect(() => loadConfig({ DATA_DIR: fresh(), PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be an http/);
    }
    expect(loadConfig({ DATA_DIR: fresh(), PUBLIC_URL: 'https://dnx.gov.az:8443' }).publicOrigin).toBe(
      'https://dnx.gov.az:8443',
    );
  });

  it('names each bad value clearly', () => {
    const bad = {
      DATA_DIR: fresh(),
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://x',
      JWT_SECRET: 'short',
    };
    let message = '';
    try {
      loadConfig(bad);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('PORT:');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).toContain('JWT_SECRET: must be at least 32 characters');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: fresh(), DATABASE_URL: '', PORT: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(8080);
  });

  it('reads each secret setting from the file its _FILE setting names, as container secrets are mounted', () => {
    const dir = fresh();
    const secretFile = path.join(dir, 'jwt');
    writeFileSync(secretFile, 'a-secret-from-a-file-of-at-least-32-characters\n');
    const urlFile = path.join(dir, 'db');
    writeFileSync(urlFile, 'postgres://app@db.internal/dnx');
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET_FILE: secretFile, DATABASE_URL_FILE: urlFile });
    expect(config.jwtSecret).toBe('a-secret-from-a-file-of-at-least-32-characters');
    expect(config.DATABASE_URL).toBe('postgres://app@db.internal/dnx');
    expect(secretSettings).toEqual(
      expect.arrayContaining([
        'JWT_SECRET',
        'DATABASE_URL',
        'MIGRATION_DATABASE_URL',
        'REPORTS_DATABASE_URL',
        'SMTP_URL',
      ]),
    );
    // Both the value and its file, or a file that cannot be read: refused, naming the setting.
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40), JWT_SECRET_FILE: secretFile })).toThrow(
      /JWT_SECRET_FILE: JWT_SECRET is set too/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL_FILE: path.join(dir, 'missing') })).toThrow(
      /SMTP_URL_FILE: cannot read .*missing \(ENOENT\)/,
    );
    // A value read from a file is checked like one from the environment.
    writeFileSync(urlFile, 'mysql://nope');
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL_FILE: urlFile })).toThrow(/DATABASE_URL: must be a postgres/);
  });
});
