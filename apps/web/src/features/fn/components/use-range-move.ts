import type { FormInstance } from 'antd';
import { useState } from 'react';
import { focusFirstError, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useMoveForms, type ShareMove } from '../api/share';

export interface RangeValues {
  inspector?: number;
  series: string;
  number_from: string;
  number_to: string;
}

const fieldOrder = ['inspector', 'series', 'number_from', 'number_to'];

/**
 * Shares the range the form holds, or takes it back, once the form's rules pass; the range's numbers are emptied
 * for the next one and what moved is said until the form changes.
 */
export function useRangeMove(form: FormInstance<RangeValues>) {
  const moveForms = useMoveForms();
  const [pending, setPending] = useState<ShareMove | null>(null);
  const [lastMoved, setLastMoved] = useState<{ move: ShareMove; count: number } | null>(null);

  const submit = async (move: ShareMove) => {
    let values: RangeValues;
    try {
      values = await form.validateFields();
    } catch (failed) {
      const fields = (failed as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      focusFirstError(
        form,
        fields.map((f) => String(f.name[0])),
        fieldOrder,
      );
      return;
    }
    setPending(move);
    moveForms.mutate(
      {
        move,
        body: {
          inspector: values.inspector!,
          series: values.series.trim(),
          number_from: values.number_from,
          number_to: values.number_to,
        },
      },
      {
        onSuccess: (moved) => {
          notifySuccess();
          setPending(null);
          form.setFieldsValue({ number_from: '', number_to: '' });
          form.setFields([{ name: 'number_to', errors: [] }]);
          setLastMoved({ move, count: moved.count });
        },
        onError: (error) => {
          setPending(null);
          if (showServerErrors(form, error, fieldOrder).length === 0) notifyFailure(error);
        },
      },
    );
  };

  return { submit, pending, lastMoved, clearLastMoved: () => setLastMoved(null) };
}
