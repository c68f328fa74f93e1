import type { Payment } from '@dnx/shared';
import type { AuditSnapshot } from '../../lib/audit';

/** What the audit trail keeps of a payment. */
export function paymentSnapshot(payment: Payment): AuditSnapshot {
  const { rows, verify_code: _code, created_at: _at, ...header } = payment;
  return {
    ...header,
    name: payment.owner_name,
    rows: rows.map((r) => ({
      form: `${r.form_series} ${r.form_number}`,
      plate: r.plate,
      tax_price: r.tax_price,
      tariff: r.tariff,
      valid_from: r.valid_from,
      valid_until: r.valid_until,
    })),
  };
}
