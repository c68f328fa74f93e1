import type { AuditActor } from '../../lib/audit';
import { textMail } from '../../lib/mail-text';
import { enqueueMail } from '../mail';
import { factorEvent } from './factor-audit';
import type { FactorDeps } from './factor-deps';
import * as repo from './factor-repository';
import { revokeUserSessions } from './session-repository';

/**
 * An administrator's reset of someone's second factor (never read; the caller checks who may): gone, every
 * session of the person ended (a reset answers a stolen session), the person told by mail.
 */
export async function resetFactors({ db }: FactorDeps, admin: AuditActor, target: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.removeFactors(tx, target.id);
    await revokeUserSessions(tx, target.id, 'mfa_reset');
    await enqueueMail(
      tx,
      'mfa_reset',
      textMail(target.email, 'İkinci faktor sıfırlandı', [
        'Administrator hesabınızın ikinci faktorunu (tətbiq, açarlar, bərpa kodları) sıfırladı. ' +
          'Növbəti girişdə onu yenidən qoşun.',
        'Bunu gözləmirdinizsə, dərhal administratora müraciət edin.',
      ]),
    );
  });
  await factorEvent(db, admin, 'mfa_reset', 'success', {}, target);
}
