import { EditOutlined, EyeOutlined, FilePdfOutlined, LinkOutlined, SendOutlined } from '@ant-design/icons';
import { actionsOf, PaymentStatusCode, type PaymentListItem } from '@dnx/shared';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { openReceipt, usePaymentTransition } from '../api/payments';
import '../texts';

/** The public check's address of a payment (its receipt's QR holds the same). */
export const verifyPath = (code: string) => `/verify/${code}`;

function SubmitButton({ payment }: { payment: PaymentListItem }) {
  const { t } = useTranslation();
  const move = usePaymentTransition();
  return (
    <Popconfirm
      title={t('payments.submitConfirm', { id: payment.id })}
      okText={t('payments.submit')}
      cancelText={t('list.cancel')}
      onConfirm={() =>
        move.mutateAsync({ action: 'submit', id: payment.id }).then(notifySuccess, (error: unknown) => {
          notifyFailure(error);
        })
      }
    >
      <Button
        size="small"
        type="primary"
        icon={<SendOutlined />}
        loading={move.isPending}
        aria-label={`${t('payments.submit')}: № ${payment.id}`}
        data-testid={`payment-submit-${payment.id}`}
      >
        {t('payments.submit')}
      </Button>
    </Popconfirm>
  );
}

function ReceiptButton({ payment }: { payment: PaymentListItem }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const open = () => {
    setLoading(true);
    openReceipt(payment.id)
      .catch((error: unknown) => notifyFailure(error))
      .finally(() => setLoading(false));
  };
  return (
    <Button
      size="small"
      icon={<FilePdfOutlined />}
      loading={loading}
      onClick={open}
      aria-label={`${t('payments.receipt')}: № ${payment.id}`}
      data-testid={`payment-receipt-${payment.id}`}
    >
      {t('payments.receipt')}
    </Button>
  );
}

/** A payment's row actions in the list: view, and the moves its status allows (shared `actionsOf`). */
export function PaymentRowActions({
  payment: p,
  onPay,
  onCancel,
}: {
  payment: PaymentListItem;
  onPay: (payment: PaymentListItem) => void;
  onCancel: (payment: PaymentListItem) => void;
}) {
  const { t } = useTranslation();
  const actions = actionsOf(p.status);
  return (
    <Space size={4} wrap>
      <LinkButton
        to={`/app/fn-payment?view=${p.id}`}
        size="small"
        icon={<EyeOutlined />}
        aria-label={`${t('payments.view')}: № ${p.id}`}
        data-testid={`payment-view-${p.id}`}
      >
        {t('payments.view')}
      </LinkButton>
      {p.status === PaymentStatusCode.underReview && (
        <LinkButton
          to={`/app/fn-payment?form=${p.id}`}
          size="small"
          icon={<EditOutlined />}
          aria-label={`${t('list.edit')}: № ${p.id}`}
          data-testid={`payment-edit-${p.id}`}
        >
          {t('list.edit')}
        </LinkButton>
      )}
      {actions.includes('submit') && <SubmitButton payment={p} />}
      {actions.includes('pay') && (
        <Button
          size="small"
          type="primary"
          onClick={() => onPay(p)}
          aria-label={`${t('payments.pay')}: № ${p.id}`}
          data-testid={`payment-pay-${p.id}`}
        >
          {t('payments.pay')}
        </Button>
      )}
      {actions.includes('cancel') && (
        <Button
          size="small"
          danger
          onClick={() => onCancel(p)}
          aria-label={`${t('payments.cancel')}: № ${p.id}`}
          data-testid={`payment-cancel-${p.id}`}
        >
          {t('payments.cancel')}
        </Button>
      )}
      {p.status === PaymentStatusCode.paid && <ReceiptButton payment={p} />}
      {p.status === PaymentStatusCode.paid && (
        <a
          href={verifyPath(p.verify_code)}
          target="_blank"
          rel="noreferrer"
          aria-label={`${t('payments.verifyLink')}: № ${p.id}`}
          data-testid={`payment-verify-${p.id}`}
        >
          <LinkOutlined /> {t('payments.verifyLink')}
        </a>
      )}
    </Space>
  );
}
