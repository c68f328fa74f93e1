import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: fresh(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required/);
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
});
