import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Tokens } from '../../lib/tokens';
import type { CaptchaService } from '../captcha';
import type { MfaService } from './factor-service';

/** What the sign-in's operations are built from (services.ts gives them, from the ground floor's plugins). */
export interface AuthServiceDeps {
  db: Database;
  config: Config;
  tokens: Tokens;
  captcha: CaptchaService;
  mailer: { kind: 'smtp' | 'outbox'; outboxDir: string };
  mfa: MfaService;
  log: FastifyBaseLogger;
}
