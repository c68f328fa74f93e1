import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { auditLog } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/test-app';
import { auditChanges, recordAudit } from './audit';

describe('audit trail', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.handle);
  });
  afterAll(() => database.dispose());

  it('keeps only changed fields, and never a password or a hash', () => {
    const before = { name: 'A', phone: '1', passwordHash: '$argon2id$x', password: 'p', groups: [1, 2] };
    const after = { name: 'B', phone: '1', passwordHash: '$argon2id$y', confirm_password: 'p', groups: [1, 2] };
    expect(auditChanges(before, after)).toEqual({ name: { before: 'A', after: 'B' } });
    expect(auditChanges(null, { email: 'x@y.az', password_hash: 'h', at: new Date(0) })).toEqual({
      email: { before: null, after: 'x@y.az' },
      at: { before: null, after: '1970-01-01T00:00:00.000Z' },
    });
  });

  it('writes with the transaction: a change that fails leaves no row', async () => {
    const { db } = database.handle;
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: null,
          action: 'delete',
          resource: 'region',
          recordId: 7,
          before: { name: 'X' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.select().from(auditLog)).toEqual([]);
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        actor: null,
        action: 'update',
        resource: 'region',
        recordId: 7,
        before: { a: 1 },
        after: { a: 1 },
      });
      await recordAudit(tx, {
        actor: { id: 1, email: 'a@b.az' },
        action: 'delete',
        resource: 'region',
        recordId: 7,
        before: { name: 'X' },
      });
    });
    const rows = await db.select().from(auditLog);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'delete', resource: 'region', recordId: '7', actorEmail: 'a@b.az' });
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    const { db } = database.handle;
    await expect(db.update(auditLog).set({ action: 'create' }).where(eq(auditLog.recordId, '7'))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.recordId, '7'))).rejects.toThrow();
    expect(await db.select().from(auditLog)).toHaveLength(1);
  });
});
