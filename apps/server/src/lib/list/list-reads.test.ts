import { and, asc, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fnBatches, fnForms, payments, users } from '../../db/schema';
import { readSetOf } from './list-reads';

/** What a list's query reads comes from its declaration's SQL objects, not from its rendered text (issue 42). */
describe('what a list query reads', () => {
  it('names the tables and columns of its conditions and order, and not its values', () => {
    const where = and(
      sql`${fnForms.stage} = ${'number'}`,
      sql`exists (select 1 from ${payments} where ${payments.id} = ${fnForms.paymentId})`,
    );
    expect([...readSetOf(where).columns].sort()).toEqual(['id', 'payment_id', 'stage']);
    const reads = readSetOf(where, asc(fnForms.number));
    expect([...reads.tables].sort()).toEqual(['fn_forms', 'payments']);
    expect([...reads.columns].sort()).toEqual(['id', 'number', 'payment_id', 'stage']);
    expect(reads.all).toBe(false);
  });

  it('takes a name quoted in hand-written SQL as both a table and a column, and an alias by its own name', () => {
    const operator = alias(users, 'operator');
    const reads = readSetOf(
      sql`"drivers"."status" = 1 and ${operator.email} is not null and ${fnBatches.regionId} > 0`,
    );
    expect(reads.tables.has('drivers') && reads.columns.has('status') && reads.columns.has('drivers')).toBe(true);
    expect(reads.tables.has('operator') && reads.columns.has('email')).toBe(true);
    expect(reads.tables.has('fn_batches') && reads.columns.has('region_id')).toBe(true);
  });

  it('reads everything where a part cannot be told (a subquery object)', () => {
    const paid = new QueryBuilder().select({ id: payments.id }).from(payments).as('paid');
    expect(readSetOf(sql`${fnForms.paymentId} in (select id from ${paid})`).all).toBe(true);
    expect(readSetOf(sql`${fnForms.paymentId} = 1`.as('x')).all).toBe(false);
    expect(readSetOf(undefined)).toEqual({ tables: new Set(), columns: new Set(), all: false });
  });
});
