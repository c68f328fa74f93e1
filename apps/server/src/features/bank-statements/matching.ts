import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The automatic links (issue 57), set-based: a few statements over all the open credits in scope, never a query per
 * entry. A credit is linked only when the evidence names one payment (docs/decisions/0033-bank-matching-and-rules.md):
 * (a) the receipts its texts name (by the receipt's normalised key), of paid payments with no credit yet, within the
 *     window, whose payer the debtor's VÖEN does not contradict: one that takes the credit's amount, or several whose
 *     totals add up to it (a combined transfer);
 * (b) no receipt named, the payer known by VÖEN (the debtor's id, else a ten-digit token of its texts that is a
 *     payer's VÖEN, or a bank account learnt from a confirmation) with exactly one paid payment of that amount in the
 *     window, no credit yet.
 * A payment wanted by two credits of one pass links neither. A single receipt named with another amount is left
 * `amount_differs` claiming it, a receipt already credited `contested`, as before.
 */

const paid = 3;
const voenRegex = '^[0-9]{9}[12]$';

/** The open credits of the scope: not matched, not resolved by a person. */
const openCredits = (scope: SQL) => sql`
  select e.* from bank_entries e
  where ${scope} and e.direction = 'credit' and e.match_state = 'no_payment' and e.resolved_by is null`;

/** A payment credited already, wholly or in part, or linked the way before issue 57. */
const credited = (payment: SQL) => sql`(exists (select 1 from bank_links l where l.payment_id = ${payment})
  or exists (select 1 from bank_entries x where x.payment_id = ${payment}))`;

/** A payment a person rejected for the credit, or undid from it, is never linked to it automatically. */
const notRejected = (entry: SQL) =>
  sql`not exists (select 1 from bank_rejections r where r.entry_id = ${entry} and r.payment_id = p.id)`;

/** The receipts each open credit names, with whether its debtor's VÖEN contradicts the payer. */
async function nameReceipts(db: Executor, scope: SQL, windowDays: number) {
  await db.execute(sql`drop table if exists pg_temp.bank_named`);
  await db.execute(sql`
    create temp table bank_named on commit drop as
    select distinct o.id as entry_id, o.amount as entry_amount, p.id as payment_id, p.total,
      (o.payer_code <> '' and p.owner_code <> o.payer_code) as contradicted,
      case when o.payer_code <> '' then 'debtor_id' else 'not_given' end as payer_rule
    from (${openCredits(scope)}) o
    cross join lateral unnest(o.receipt_keys) k(key)
    join payments p on p.receipt_key = k.key and p.status = ${paid}
    where o.booking_date between p.payment_receipt_date - ${windowDays}::int and p.payment_receipt_date + ${windowDays}::int
      and ${notRejected(sql`o.id`)}`);
  // Looked up by entry and by payment in every pass after: without indexes and statistics the planner nests loops over
  // it (100,000 credits, a third in free text, took 12 s in one anti join).
  await db.execute(sql`create index on pg_temp.bank_named (entry_id)`);
  await db.execute(sql`create index on pg_temp.bank_named (payment_id)`);
  await db.execute(sql`analyze pg_temp.bank_named`);
}

/** A single receipt named, not contradicted: claimed, then matched, differing or contested as before issue 57. */
async function linkSingles(db: Executor) {
  await db.execute(sql`
    with fitted as (
      select entry_id, min(payment_id) as payment_id from bank_named where not contradicted
      group by entry_id having count(*) = 1
    )
    update bank_entries e set claimed_payment_id = f.payment_id from fitted f where e.id = f.entry_id`);
  await db.execute(sql`
    with claims as (
      select e.id, e.amount, p.id as payment_id, p.total, ${credited(sql`p.id`)} as linked,
        count(*) over (partition by p.id) as claimants,
        (select min(n.payer_rule) from bank_named n where n.entry_id = e.id) as payer_rule
      from bank_entries e join payments p on p.id = e.claimed_payment_id
      where e.id in (select entry_id from bank_named) and e.match_state = 'no_payment' and e.resolved_by is null
    ), decided as (
      select id, payment_id, amount, payer_rule,
        case when linked or claimants > 1 then 'contested'
             when amount <> total then 'amount_differs'
             else 'matched' end as state
      from claims
    ), changed as (
      update bank_entries e
      set match_state = d.state, payment_id = case when d.state = 'matched' then d.payment_id end
      from decided d where e.id = d.id
      returning e.id, e.payment_id, e.amount, d.payer_rule
    )
    insert into bank_links (entry_id, payment_id, amount, whole, rule, payer_rule)
    select id, payment_id, amount, true, 'receipt', payer_rule from changed where payment_id is not null`);
}

/** Several receipts named whose totals add up to the credit, none credited, none wanted by another credit. */
async function linkCombined(db: Executor) {
  await db.execute(sql`
    with fitted as (
      select entry_id from bank_named n where not contradicted
      group by entry_id, entry_amount having count(*) > 1 and sum(total) = entry_amount
    ), free as (
      select f.entry_id from fitted f
      where not exists (
        select 1 from bank_named n where n.entry_id = f.entry_id and not n.contradicted
          and (${credited(sql`n.payment_id`)}
            or exists (select 1 from bank_named o where o.payment_id = n.payment_id and o.entry_id <> n.entry_id
              and not o.contradicted)))
    ), changed as (
      update bank_entries e set match_state = 'matched' from free f
      where e.id = f.entry_id and e.match_state = 'no_payment'
      returning e.id
    )
    insert into bank_links (entry_id, payment_id, amount, whole, rule, payer_rule)
    select n.entry_id, n.payment_id, n.total, true, 'receipt', n.payer_rule
    from bank_named n join changed c on c.id = n.entry_id where not n.contradicted`);
}

/** The payer known by VÖEN, no receipt named: exactly one paid payment of the amount in the window (rule b). */
async function linkByPayer(db: Executor, scope: SQL, windowDays: number) {
  await db.execute(sql`
    with open as (
      select o.* from (${openCredits(scope)}) o
      where not exists (select 1 from bank_named n where n.entry_id = o.id)
    ), payer as (
      select o.id as entry_id, o.payer_code as voen, 'debtor_id' as payer_rule from open o
      where o.payer_code ~ ${voenRegex}
      union
      select o.id, t.token, 'text_voen' from open o cross join lateral unnest(o.voen_tokens) t(token)
      where o.payer_code = '' and exists (select 1 from payments k where k.owner_code = t.token)
      union
      select o.id, a.voen, 'learnt_account' from open o join bank_payer_accounts a on a.account = o.payer_account
      where o.payer_code = '' and o.payer_account <> ''
    ), candidates as (
      select distinct o.id as entry_id, p.id as payment_id, o.amount, y.payer_rule
      from open o join payer y on y.entry_id = o.id
      join payments p on p.owner_code = y.voen and p.status = ${paid} and p.total = o.amount
      where o.booking_date between p.payment_receipt_date - ${windowDays}::int and p.payment_receipt_date + ${windowDays}::int
        and not ${credited(sql`p.id`)} and ${notRejected(sql`o.id`)}
    ), single as (
      select entry_id, min(payment_id) as payment_id, min(amount) as amount, min(payer_rule) as payer_rule
      from candidates group by entry_id having count(distinct payment_id) = 1
    ), alone as (
      select s.* from single s
      where not exists (select 1 from candidates c where c.payment_id = s.payment_id and c.entry_id <> s.entry_id)
    ), changed as (
      update bank_entries e set match_state = 'matched', payment_id = a.payment_id, claimed_payment_id = a.payment_id
      from alone a where e.id = a.entry_id
      returning e.id, e.payment_id, e.amount
    )
    insert into bank_links (entry_id, payment_id, amount, whole, rule, payer_rule)
    select c.id, c.payment_id, c.amount, true, 'voen', a.payer_rule from changed c join alone a on a.entry_id = c.id`);
}

/** Links what the evidence allows among the open credits of the scope (a statement, or the credits a late payment names). */
export async function linkCredits(db: Executor, scope: SQL, windowDays: number) {
  await nameReceipts(db, scope, windowDays);
  await linkSingles(db);
  await linkCombined(db);
  await linkByPayer(db, scope, windowDays);
  await db.execute(sql`drop table if exists pg_temp.bank_named`);
}

/**
 * A payment paid after its credit came (issue 57): the open credits of its window that name its receipt, or whose
 * payer is its VÖEN (the debtor's id, a VÖEN in the text, an account learnt), are matched again, with everything else
 * those credits name. Run in the payment's own transaction (a savepoint, so a lost race leaves the payment paid) and by
 * the job `bank-late-credits` for what a race between an upload and a payment left.
 */
export async function linkLateCredits(db: Executor, paymentId: number, windowDays: number) {
  await linkCredits(
    db,
    sql`e.id in (
      select x.id from bank_entries x cross join payments p
      where p.id = ${paymentId} and x.direction = 'credit' and x.match_state = 'no_payment' and x.resolved_by is null
        and x.booking_date between p.payment_receipt_date - ${windowDays}::int and p.payment_receipt_date + ${windowDays}::int
        and (x.receipt_keys @> array[p.receipt_key] or x.payer_code = p.owner_code or x.voen_tokens @> array[p.owner_code]
          or x.payer_account in (select a.account from bank_payer_accounts a where a.voen = p.owner_code)))`,
    windowDays,
  );
}

/** The open credits booked in the last `days` days, matched again (the job `bank-late-credits`). */
export async function linkRecentCredits(db: Executor, days: number, windowDays: number) {
  await linkCredits(db, sql`e.booking_date >= current_date - ${days}::int`, windowDays);
}
