import { describe, expect, it } from 'vitest';
import { pitrDrill } from '../../../../scripts/pitr-drill.mjs';

/**
 * Point-in-time recovery on PostgreSQL (issue 25), drilled as docs/operations.md tells an operator: WAL archiving
 * and a base backup, payments made through the API, the time noted, the payments truncated by mistake, then
 * deploy/postgres/pitr-restore.sh and PostgreSQL on a new folder: the payments are back with their totals, and the
 * forms' ledger and the audit trail verify. A PostgreSQL-only test (`*.postgres.test.ts`): the PostgreSQL pass runs
 * it, on a throwaway cluster of its own.
 */
describe('point-in-time recovery', () => {
  it('recovers to just before a mistake: the payments are back and both chains verify', async () => {
    const result = await pitrDrill({ payments: 3, log: () => {} });
    expect(result.paymentsAfterMistake).toBe(0);
    expect(result).toMatchObject({ ok: true, paymentsMade: 3, paymentsRecovered: 3, totalsMatch: true });
    expect(result.ledger).toMatchObject({ ok: true, first_broken_id: null });
    expect(result.ledger.rows).toBeGreaterThan(3);
    expect(result.audit).toMatchObject({ ok: true, first_broken_id: null });
  }, 180_000);
});
