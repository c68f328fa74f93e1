import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { receiptFragmentKey, type PublicPayment, type ReceiptClaims } from '@dnx/shared';
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadJwks, storedJwks, verifyReceipt } from '../../../lib/signatures';
import '../texts';

/** The compact JWS of the address's fragment (`#r=`), null when the QR carried none (a receipt before issue 46). */
export function receiptJwsOf(hash: string): string | null {
  const part = hash
    .replace(/^#/, '')
    .split('&')
    .find((p) => p.startsWith(`${receiptFragmentKey}=`));
  return part ? decodeURIComponent(part.slice(receiptFragmentKey.length + 1)) || null : null;
}

type Verdict =
  { kind: 'checking' } | { kind: 'noKeys' } | { kind: 'notGenuine' } | { kind: 'signed'; claims: ReceiptClaims };

/**
 * The verdict on a receipt's signature: the keys kept in this browser first (so it answers offline), the published
 * ones when none are kept or the kept ones do not verify it (a key added since).
 */
export async function receiptVerdict(jws: string, code: string): Promise<Verdict> {
  const kept = storedJwks();
  let claims = kept ? await verifyReceipt(jws, kept) : null;
  if (!claims) {
    const fresh = await loadJwks();
    if (!fresh) return { kind: 'noKeys' };
    claims = await verifyReceipt(jws, fresh);
  }
  return claims && claims.code === code ? { kind: 'signed', claims } : { kind: 'notGenuine' };
}

/** Whether a signed claim matches the payment the server answered (a row with its mark, plate and amount). */
export function claimsMatchPayment(claims: ReceiptClaims, payment: PublicPayment): boolean {
  return payment.rows.some(
    (row) =>
      row.form_series === claims.series &&
      row.form_number === claims.number &&
      row.plate === claims.plate &&
      Number(row.amount) === Number(claims.amount),
  );
}

/**
 * The public check page's signature line (issue 46): "signed by the authority" or "not genuine", checked in the
 * browser with the published keys, and the signed essentials, which hold even with no network.
 */
export function ReceiptSignature({ jws, code, payment }: { jws: string; code: string; payment?: PublicPayment }) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<Verdict>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    void receiptVerdict(jws, code).then((v) => live && setVerdict(v));
    return () => {
      live = false;
    };
  }, [jws, code]);

  if (verdict.kind === 'checking') return <Spin aria-label={t('payments.signature.checking')} />;
  if (verdict.kind === 'noKeys')
    return <Alert type="warning" showIcon message={t('payments.signature.noKeys')} data-testid="receipt-signature" />;
  const mismatch = verdict.kind === 'signed' && payment !== undefined && !claimsMatchPayment(verdict.claims, payment);
  if (verdict.kind === 'notGenuine' || mismatch)
    return (
      <Alert
        type="error"
        showIcon
        icon={<CloseCircleFilled />}
        message={t('payments.signature.notGenuine')}
        description={mismatch ? t('payments.signature.mismatch') : undefined}
        data-testid="receipt-signature"
        data-verdict="not-genuine"
      />
    );
  const { claims } = verdict;
  return (
    <Alert
      type="success"
      showIcon
      icon={<CheckCircleFilled />}
      message={t('payments.signature.signed')}
      description={`${claims.series} ${claims.number} · ${claims.plate} · ${claims.validFrom} – ${claims.validTo}`}
      data-testid="receipt-signature"
      data-verdict="signed"
    />
  );
}
