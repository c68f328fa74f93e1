import { defineExportColumns } from '../api/list-export';
import { formatDate } from '../format/date';
import { bankEvidenceLine } from './suggestions';
import type { BankDifference, BankDifferenceKind, BankEntry, BankMatchState } from './index';

/** A credit's match state and a difference's kind in Azerbaijani, as the screen shows them and the exports write them. */
export const bankStateLabels: Record<BankMatchState | BankDifferenceKind, string> = {
  matched: 'Tutuşdu',
  amount_differs: 'Məbləğ fərqlidir',
  no_payment: 'Ödəniş yoxdur',
  contested: 'Mübahisəli',
  not_ours: 'Bizim deyil',
  no_credit: 'Mədaxil yoxdur',
};

/** A debit's state cell: it is not matched. */
export const bankDebitLabel = 'Məxaric';

/** The payer as the screens show it: the name, then the VÖEN. */
const payerOf = (row: { payer_name: string; payer_code: string }) => `${row.payer_name} ${row.payer_code}`.trim();

/**
 * A statement's entries in their export (issue 48): the screen's columns, a debit's amount negative as the screen
 * shows it, so that the file's amounts add up to the statement's movement.
 */
export const bankEntryExportColumns = defineExportColumns<BankEntry>({
  position: { header: '№', value: (e) => e.position, width: 8 },
  date: { header: 'Tarix', value: (e) => formatDate(e.booking_date), width: 12 },
  amount: {
    header: 'Məbləğ',
    value: (e) => (e.direction === 'debit' ? `-${e.amount}` : e.amount),
    money: true,
    width: 14,
  },
  reference: { header: 'Qəbz / təyinat', value: (e) => e.reference, width: 24 },
  payer: { header: 'Ödəyici', value: payerOf, width: 30 },
  bank_reference: { header: 'Bankın istinadı', value: (e) => e.bank_reference, width: 18 },
  payment: { header: 'Ödəniş', value: (e) => e.payment_id, width: 10 },
  state: {
    header: 'Vəziyyət',
    value: (e) => (e.match_state ? bankStateLabels[e.match_state] : bankDebitLabel),
    width: 18,
  },
  resolution_reason: { header: 'Həllin səbəbi', value: (e) => e.resolution_reason ?? '', width: 30 },
  evidence: {
    header: 'Əlaqə və sübut',
    value: (e) =>
      e.links.map((l) => `${l.receipt_number} ${l.amount}: ${bankEvidenceLine(l.rule, l.evidence)}`).join(' | '),
    width: 60,
  },
});

/** The open differences in their export (issue 48): the screen's columns. */
export const bankDifferenceExportColumns = defineExportColumns<BankDifference>({
  kind: { header: 'Fərqin növü', value: (d) => bankStateLabels[d.kind], width: 18 },
  date: { header: 'Tarix', value: (d) => formatDate(d.day), width: 12 },
  amount: { header: 'Məbləğ', value: (d) => d.amount, money: true, width: 14 },
  reference: { header: 'Qəbz / təyinat', value: (d) => d.reference, width: 24 },
  payer: { header: 'Ödəyici', value: payerOf, width: 30 },
  payment: { header: 'Ödəniş', value: (d) => d.payment_id, width: 10 },
  statement: { header: 'Çıxarış', value: (d) => d.statement_id, width: 10 },
});
