import { removeRow, type Payment, type PaymentDraft } from '@dnx/shared';
import type { FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { amountText, draftOf, toHeader, type HeaderValues, type RowErrors } from './payment-header-values';
import type { RowDraft } from './payment-rows';

/**
 * The payment's rows as drafted, with the errors the server found on them, and the header's and rows' unsaved work:
 * leaving asks while either holds some (issue 30).
 */
export function usePaymentDraft(form: FormInstance<HeaderValues>, payment: Payment | undefined) {
  const [draft, setDraft] = useState<PaymentDraft<RowDraft>>(() => draftOf(payment));
  const [rowErrors, setRowErrors] = useState<Record<number, RowErrors>>({});
  // The rows are the draft, which is unchanged while it is the one the form showed last (a new object on every
  // change).
  const shownDraft = useRef(draft);
  const unsaved = useUnsavedChanges(form);
  useUnsavedChanges(() => draft !== shownDraft.current);

  const updateRow = (index: number, row: RowDraft) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((r, i) => (i === index ? row : r)) }));

  const addRow = (row: RowDraft) => setDraft((d) => ({ ...d, rows: [...d.rows, row] }));

  const remove = (key: string) => {
    const next = removeRow(draft, key);
    setDraft(next);
    setRowErrors({});
    // Removing a row zeroes the insurance amounts: they are entered again for what is left.
    form.setFieldsValue({ mdssh_amount: amountText(next.mdssh_amount), itsda_amount: amountText(next.itsda_amount) });
  };

  /** The header and the rows as `stored` has them (empty for a new payment). */
  const showStored = (stored?: Payment) => {
    form.resetFields();
    form.setFieldsValue(toHeader(stored));
    unsaved.markSaved();
    const shown = draftOf(stored);
    shownDraft.current = shown;
    setDraft(shown);
    setRowErrors({});
  };

  /** What the form shows is saved: leaving no longer asks. */
  const markSaved = () => {
    unsaved.markSaved();
    shownDraft.current = draft;
  };

  return { draft, setDraft, rowErrors, setRowErrors, updateRow, addRow, remove, showStored, markSaved };
}

export type PaymentDraftState = ReturnType<typeof usePaymentDraft>;
