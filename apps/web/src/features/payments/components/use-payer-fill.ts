import { Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { usePayer } from '../api/payments';
import type { HeaderValues } from './payment-header-values';
import { payerFields, payerValues, payerVoen, planPayerFill, type PayerValues } from './payer-fill';

/**
 * A new payment's payer filled from the VÖEN as it is typed (`GET /api/payments/payer/`): empty fields, or fields
 * an earlier fill wrote, take the payer's values; a field the person typed otherwise is kept and the payer's value
 * offered (`offer`, `replace`, `keep`). Used inside the payment form's Ant Design form.
 */
export function usePayerFill(enabled: boolean) {
  const form = Form.useFormInstance<HeaderValues>();
  const voen = payerVoen(Form.useWatch('owner_code', form));
  const asked = usePayer(enabled ? voen : null);
  const payer = asked.data && asked.data.voen === voen ? asked.data : null;
  // What the fills wrote and the person has not changed since, field by field.
  const filled = useRef<PayerValues>({});
  const [offer, setOffer] = useState<{ voen: string; values: PayerValues } | null>(null);

  useEffect(() => {
    if (!payer) return;
    const current = form.getFieldsValue([...payerFields]) as PayerValues;
    const { set, ask } = planPayerFill(current, filled.current, payerValues(payer));
    if (Object.keys(set).length > 0) form.setFieldsValue(set);
    filled.current = { ...filled.current, ...set };
    setOffer(Object.keys(ask).length > 0 ? { voen: payer.voen, values: ask } : null);
  }, [payer, form]);

  const shown = offer && offer.voen === voen ? offer : null;
  const error = asked.error;
  return {
    payer,
    /** The server's words when the VÖEN is of no known payer. */
    notFound: error instanceof ApiError && error.status === 404 ? error.message : null,
    /** The payer's values for the fields the person typed otherwise. */
    offer: shown?.values ?? null,
    replace: () => {
      if (!shown) return;
      form.setFieldsValue(shown.values);
      filled.current = { ...filled.current, ...shown.values };
      setOffer(null);
    },
    keep: () => setOffer(null),
  };
}
