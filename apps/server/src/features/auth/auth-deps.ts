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
  /** The directory's part in the sign-in (issue 59, features/directory, given by services.ts): auth never imports it. */
  directory?: DirectoryHooks;
}

/** What the sign-in asks of the directory sign-in, which builds on it. */
export interface DirectoryHooks {
  /** A second step of the product's own opened `sessionId`: linked to the directory when its sign-in came from there. */
  sessionOpened(challengeId: number, sessionId: number): Promise<void>;
  /**
   * At a refresh: a directory person's session follows the directory (groups, region, still allowed); false when the
   * directory refuses them now (disabled, outside the required groups), and the session ends.
   */
  followsAtRefresh(sessionId: number, userId: number): Promise<boolean>;
}
