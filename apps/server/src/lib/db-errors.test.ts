import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-app';
import { foreignKeyViolation } from './db-errors';

describe('foreign key violations, as the database reports them', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    const db = database.handle.db;
    await db.execute(sql`create table fk_parent (id int primary key)`);
    await db.execute(
      sql`create table fk_restrict (parent int constraint fk_restrict_parent references fk_parent on delete restrict)`,
    );
    await db.execute(sql`create table fk_no_action (parent int constraint fk_no_action_parent references fk_parent)`);
    await db.execute(sql`insert into fk_parent values (1), (2)`);
    await db.execute(sql`insert into fk_restrict values (1)`);
    await db.execute(sql`insert into fk_no_action values (2)`);
  });
  afterAll(() => database.dispose());

  const refusal = (statement: ReturnType<typeof sql>) =>
    database.handle.db.execute(statement).then(
      () => null,
      (err: unknown) => err,
    );

  it('names the constraint of a RESTRICT key (23001), of a plain key (23503), and of a missing parent', async () => {
    expect(foreignKeyViolation(await refusal(sql`delete from fk_parent where id = 1`))).toBe('fk_restrict_parent');
    expect(foreignKeyViolation(await refusal(sql`delete from fk_parent where id = 2`))).toBe('fk_no_action_parent');
    expect(foreignKeyViolation(await refusal(sql`insert into fk_restrict values (9)`))).toBe('fk_restrict_parent');
    expect(foreignKeyViolation(await refusal(sql`insert into fk_parent values (1)`))).toBeNull();
  });
});
