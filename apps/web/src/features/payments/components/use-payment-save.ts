import { initialFormFrom, type Payment } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isStaleVersion } from '../../../components/stale-version-alert';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { paymentQuery, useSavePayment } from '../api/payments';
import { headerFields, headerInput, splitErrors, type HeaderValues, type RowErrors } from './payment-header-values';
import { rowInput } from './payment-rows';
import type { PaymentDraftState } from './use-payment-draft';

/**
 * Saves the payment (creates, or edits the stored one at its version) with its checked rows; the server's errors
 * show under the header's fields and on the rows they name; someone's save meanwhile offers a reload.
 */
export function usePaymentSave(
  form: FormInstance<HeaderValues>,
  payment: Payment | undefined,
  drafts: PaymentDraftState,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The stored payment the form's values come from: its version goes with the edit; a reload replaces it.
  const [base, setBase] = useState(payment);
  const [stale, setStale] = useState(false);
  const save = useSavePayment();
  const { draft } = drafts;

  /** Someone saved the payment meanwhile: the form takes the fresh payment, its rows and its version. */
  const reload = async () => {
    if (!base) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...paymentQuery(base.id), staleTime: 0 });
      setBase(fresh);
      drafts.showStored(fresh);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const onError = (error: unknown, sentIndex: number[]) => {
    if (isStaleVersion(error)) {
      setStale(true);
      return;
    }
    const { rows, other } = splitErrors(error);
    const mapped: Record<number, RowErrors> = {};
    for (const [i, errors] of Object.entries(rows)) mapped[sentIndex[Number(i)] ?? Number(i)] = errors;
    drafts.setRowErrors(mapped);
    const placed = showServerErrors(form, error, [...headerFields]);
    const rowsMessage = other.find(([key]) => key === 'rows')?.[1];
    if (rowsMessage) notifyFailure(new ApiError(400, { detail: rowsMessage }));
    else if (placed.length === 0 && Object.keys(rows).length === 0) notifyFailure(error);
  };

  const onFinish = (values: HeaderValues) => {
    const chosen = initialFormFrom(draft);
    const body = { ...headerInput(values), rows: chosen.rows.map(rowInput) };
    // Row errors come back by the index of the rows sent (the checked ones).
    const sentIndex = draft.rows.map((r, i) => (r.checked ? i : -1)).filter((i) => i >= 0);
    save.mutate(base ? { ...body, id: base.id, version: base.version } : body, {
      onSuccess: () => {
        notifySuccess();
        drafts.markSaved();
        void navigate('/app/fn-payment');
      },
      onError: (error) => onError(error, sentIndex),
    });
  };

  return { base, stale, reload, reset: () => drafts.showStored(base), onFinish, saving: save.isPending };
}
