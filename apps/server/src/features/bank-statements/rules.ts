import { bankRuleMessages as m, type BankRule, type BankRuleDryRun, type BankRuleInput } from '@dnx/shared';
import { asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import safeRegex from 'safe-regex2';
import type { Database, Executor } from '../../db/client';
import { bankMatchRules, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { linkCredits } from './matching';
import { accountRules, compileRule, type AccountRule } from './rule-match';
import { namedBy } from './statement-write';

/**
 * An administrator's rules for a bank's odd layout (issue 57): listed, written and removed (audited), tried first on
 * the account's last statement (a dry run in a transaction rolled back: "this rule would link 37 more credits, 0 of
 * them differently"). Saving or removing a rule reads the account's open credits again with the rules as they are now
 * and matches them.
 */

/** One account holds at most this many rules. */
const rulesPerAccount = 50;
/** Entries are read again this many at a time. */
const rereadBatch = 2_000;

/** The statements of the account (its IBAN as kept, spaces removed, upper case). */
const ofAccount = (account: string) => sql`upper(regexp_replace(s.account, '[[:space:]]', '', 'g')) = ${account}`;

function refuseUnsafe(pattern: string) {
  if (!safeRegex(pattern)) throw fieldErrors({ pattern: [m.patternUnsafe] });
}

const ruleView = (row: typeof bankMatchRules.$inferSelect & { createdByEmail: string | null }): BankRule => ({
  id: row.id,
  account: row.account,
  pattern: row.pattern,
  position: row.position,
  created_by: row.createdByEmail,
  created_at: row.createdAt.toISOString(),
});

/** The credits of the scope read again with `rules`: their receipt keys and VÖEN tokens. */
async function reread(db: Executor, scope: SQL, rules: AccountRule[]) {
  for (let after = 0; ;) {
    const rows = (await db.execute(sql`
      select e.id, e.payer_code, e.texts from bank_entries e join bank_statements s on s.id = e.statement_id
      where ${scope} and e.id > ${after} order by e.id limit ${rereadBatch}`)) as unknown as {
      rows: { id: number; payer_code: string; texts: { field: string; text: string }[] }[];
    };
    if (rows.rows.length === 0) return;
    const named = rows.rows.map((row) => ({ id: row.id, ...namedBy(row.payer_code, row.texts, rules) }));
    await db.execute(sql`
      update bank_entries e
      set receipt_keys = array(select jsonb_array_elements_text(v.keys)),
        voen_tokens = array(select jsonb_array_elements_text(v.voens))
      from jsonb_to_recordset(${JSON.stringify(named.map((n) => ({ id: n.id, keys: n.receiptKeys, voens: n.voenTokens })))}::jsonb)
        as v(id int, keys jsonb, voens jsonb)
      where e.id = v.id`);
    after = rows.rows.at(-1)!.id;
  }
}

/** The open credits of the account's statements read again with its rules and matched. */
async function rematchAccount(tx: Executor, account: string, windowDays: number) {
  const open = sql`${ofAccount(account)} and e.direction = 'credit' and e.match_state = 'no_payment' and e.resolved_by is null`;
  await reread(tx, open, await accountRules(tx, account));
  await linkCredits(
    tx,
    sql`e.statement_id in (select s.id from bank_statements s where ${ofAccount(account)})`,
    windowDays,
  );
}

/** Each credit of the statement linked automatically, by the payments it is linked to. */
async function automaticLinks(db: Executor, statementId: number) {
  const rows = (await db.execute(sql`
    select l.entry_id, string_agg(l.payment_id::text, ',' order by l.payment_id) as payments
    from bank_links l join bank_entries e on e.id = l.entry_id
    where e.statement_id = ${statementId} and e.resolved_by is null and l.rule <> 'person'
    group by l.entry_id`)) as unknown as { rows: { entry_id: number; payments: string }[] };
  return new Map(rows.rows.map((r) => [r.entry_id, r.payments]));
}

class DryRunDone extends Error {
  constructor(readonly result: BankRuleDryRun) {
    super('dry run');
  }
}

/**
 * The rule tried on the account's last statement, with the account's other rules (in place of the rule `id` when
 * it is one already), its automatic links made again from nothing, compared, and everything rolled back.
 */
async function dryRun(
  db: Database,
  windowDays: number,
  input: BankRuleInput,
  replacing?: number,
): Promise<BankRuleDryRun> {
  refuseUnsafe(input.pattern);
  const [last] = (
    (await db.execute(sql`
      select s.id, s.number from bank_statements s where ${ofAccount(input.account)}
      order by s.created_at desc, s.id desc limit 1`)) as unknown as { rows: { id: number; number: string }[] }
  ).rows;
  if (!last) throw fieldErrors({ account: [m.noStatement] });
  try {
    await db.transaction(async (tx) => {
      const before = await automaticLinks(tx, last.id);
      const others = await tx
        .select({ id: bankMatchRules.id, pattern: bankMatchRules.pattern, position: bankMatchRules.position })
        .from(bankMatchRules)
        .where(eq(bankMatchRules.account, input.account));
      const rules = [
        ...others.filter((r) => r.id !== replacing),
        { id: 0, pattern: input.pattern, position: input.position ?? 1_001 },
      ]
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((r) => compileRule(r.pattern));
      await tx.execute(sql`
        delete from bank_links l using bank_entries e
        where l.entry_id = e.id and e.statement_id = ${last.id} and e.resolved_by is null and l.rule <> 'person'`);
      await tx.execute(sql`
        update bank_entries set match_state = 'no_payment', payment_id = null, claimed_payment_id = null
        where statement_id = ${last.id} and direction = 'credit' and resolved_by is null`);
      const scope = sql`e.statement_id = ${last.id} and e.direction = 'credit' and e.resolved_by is null`;
      await reread(tx, scope, rules);
      await linkCredits(tx, sql`e.statement_id = ${last.id}`, windowDays);
      const after = await automaticLinks(tx, last.id);
      let [more, differently, fewer] = [0, 0, 0];
      for (const [entry, payments] of after) {
        const was = before.get(entry);
        if (was === undefined) more += 1;
        else if (was !== payments) differently += 1;
      }
      for (const entry of before.keys()) if (!after.has(entry)) fewer += 1;
      throw new DryRunDone({ statement_id: last.id, statement_number: last.number, more, differently, fewer });
    });
  } catch (err) {
    if (err instanceof DryRunDone) return err.result;
    throw err;
  }
  throw new Error('unreachable: a dry run always rolls back');
}

export function createBankRules(db: Database, windowDays: number) {
  async function list(account?: string) {
    const rows = await db
      .select({ ...getTableColumns(bankMatchRules), createdByEmail: users.email })
      .from(bankMatchRules)
      .leftJoin(users, eq(users.id, bankMatchRules.createdBy))
      .where(account ? eq(bankMatchRules.account, account.replace(/\s+/g, '').toUpperCase()) : undefined)
      .orderBy(asc(bankMatchRules.account), asc(bankMatchRules.position), asc(bankMatchRules.id));
    return { results: rows.map(ruleView) };
  }

  async function one(id: number) {
    const found = (await list()).results.find((rule) => rule.id === id);
    if (!found) throw notFound();
    return found;
  }

  async function create(actor: AuditActor, input: BankRuleInput) {
    refuseUnsafe(input.pattern);
    const id = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank:rules:${input.account}`}))`);
      const held = (await tx.execute(
        sql`select count(*)::int as n, coalesce(max(position), 0)::int as last from bank_match_rules where account = ${input.account}`,
      )) as unknown as { rows: { n: number; last: number }[] };
      if (held.rows[0]!.n >= rulesPerAccount)
        throw new HttpError(409, { detail: `Bir hesabın ən çox ${rulesPerAccount} qaydası ola bilər.` });
      const [row] = await tx
        .insert(bankMatchRules)
        .values({
          account: input.account,
          pattern: input.pattern,
          position: input.position ?? held.rows[0]!.last + 1,
          createdBy: actor.id,
        })
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'create',
        resource: 'bankstatement',
        recordId: `rule-${row!.id}`,
        after: { account: row!.account, pattern: row!.pattern, position: row!.position },
      });
      await rematchAccount(tx, input.account, windowDays);
      return row!.id;
    });
    return one(id);
  }

  async function update(actor: AuditActor, id: number, input: BankRuleInput) {
    refuseUnsafe(input.pattern);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(bankMatchRules).where(eq(bankMatchRules.id, id)).for('update');
      if (!before) throw notFound();
      const [after] = await tx
        .update(bankMatchRules)
        .set({ account: input.account, pattern: input.pattern, position: input.position ?? before.position })
        .where(eq(bankMatchRules.id, id))
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'update',
        resource: 'bankstatement',
        recordId: `rule-${id}`,
        before: { account: before.account, pattern: before.pattern, position: before.position },
        after: { account: after!.account, pattern: after!.pattern, position: after!.position },
      });
      for (const account of new Set([before.account, after!.account])) await rematchAccount(tx, account, windowDays);
    });
    return one(id);
  }

  async function remove(actor: AuditActor, id: number) {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(bankMatchRules).where(eq(bankMatchRules.id, id)).returning();
      if (!before) throw notFound();
      await recordAudit(tx, {
        actor,
        action: 'delete',
        resource: 'bankstatement',
        recordId: `rule-${id}`,
        before: { account: before.account, pattern: before.pattern, position: before.position },
      });
    });
  }

  return {
    list,
    create,
    update,
    remove,
    dryRun: (input: BankRuleInput, replacing?: number) => dryRun(db, windowDays, input, replacing),
  };
}
