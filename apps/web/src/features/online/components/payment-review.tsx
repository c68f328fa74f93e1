import { CheckOutlined, CloseOutlined, FilePdfOutlined, LinkOutlined } from '@ant-design/icons';
import { formatDateTime, onlineActionsOf, type OnlinePaymentRequest } from '@dnx/shared';
import { Alert, Button, Card, Descriptions, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailable } from '../../../components/available-select';
import { LinkButton } from '../../../components/link-button';
import { useAccessibleTable } from '../../../lib/accessible-dom';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RecordMissing } from '../../../components/record-missing';
import { notifyFailure } from '../../../lib/notify';
import { openPaymentRequestSummary, useOnlinePayment } from '../api/online-payments';
import { CardHeading } from './card-heading';
import { DecisionProblem } from './decision-problem';
import { OnlineDocuments } from './online-documents';
import { RejectDialog } from './reject-dialog';
import { paymentPath, usePaymentDecision } from './use-payment-decision';
import { OnlineStatusTag } from './status-tag';

type Vehicle = OnlinePaymentRequest['vehicles'][number];

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : value;

export { paymentPath } from './use-payment-decision';

/** The transport types' names (the staff's picker list; every online-payment role opens general-fn, which has it). */
function useTypeName() {
  const { t } = useTranslation();
  const types = useAvailable('transport-types');
  return (id: number | null) =>
    id === null ? '—' : (types.data?.find((type) => type.id === id)?.name ?? t('online.transportTypeNumber', { id }));
}

function VehiclesTable({ vehicles }: { vehicles: readonly Vehicle[] }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const root = useAccessibleTable(t('online.vehicles'));
  return (
    <div ref={root}>
      <Table<Vehicle>
        size="small"
        pagination={false}
        rowKey={(vehicle) => vehicle.plate}
        dataSource={[...vehicles]}
        scroll={{ x: 'max-content' }}
        data-testid="online-payment-vehicles"
        columns={[
          { key: 'plate', title: t('online.plate'), dataIndex: 'plate', fixed: 'start' },
          { key: 'type', title: t('online.transportType'), render: (_, v) => typeName(v.transport_type) },
          { key: 'seats', title: t('online.seats'), render: (_, v) => v.seats_count },
          { key: 'load', title: t('online.load'), render: (_, v) => v.load_carrying_capacity.replace('.', ',') },
          { key: 'months', title: t('online.months'), render: (_, v) => t('online.monthsCount', { count: v.months }) },
          { key: 'driver_fin', title: t('online.driverFin'), render: (_, v) => dash(v.driver_fin) },
          { key: 'brand_model', title: t('online.brandModel'), render: (_, v) => dash(v.brand_model) },
          { key: 'registry_seats', title: t('online.registrySeats'), render: (_, v) => dash(v.registry_seats_count) },
          { key: 'pin', title: t('online.carrierPin'), render: (_, v) => dash(v.base_carrier_pin) },
          { key: 'driver', title: t('online.driverName'), render: (_, v) => dash(v.driver_full_name) },
          {
            key: 'errors',
            title: t('online.serviceErrors'),
            render: (_, v) =>
              v.serviceErrors.length === 0 ? (
                '—'
              ) : (
                <Typography.Text type="danger" data-testid={`online-vehicle-errors-${v.plate}`}>
                  {v.serviceErrors.join(' ')}
                </Typography.Text>
              ),
          },
        ]}
      />
    </div>
  );
}

function PaymentReviewBody({ request }: { request: OnlinePaymentRequest }) {
  const { t } = useTranslation();
  const typeName = useTypeName();
  const { modalHolder, accept, reject, rejecting, setRejecting, problem, setProblem, pending } =
    usePaymentDecision(request);
  const [printing, setPrinting] = useState(false);
  const actions = onlineActionsOf('payment', request.status);

  const printSummary = () => {
    setPrinting(true);
    openPaymentRequestSummary(request)
      .catch((error: unknown) => notifyFailure(error))
      .finally(() => setPrinting(false));
  };

  const items = [
    { key: 'code', label: t('online.codeLabel'), children: request.code },
    { key: 'status', label: t('online.status'), children: <OnlineStatusTag kind="payment" status={request.status} /> },
    { key: 'owner_code', label: t('online.voen'), children: request.owner_code },
    { key: 'owner_name', label: t('online.ownerName'), children: request.owner_name },
    { key: 'owner_address', label: t('online.address'), children: dash(request.owner_address) },
    { key: 'owner_phone', label: t('online.phone'), children: request.owner_phone },
    { key: 'owner_email', label: t('online.email'), children: request.owner_email },
    {
      key: 'owner_transport_type',
      label: t('online.ownerTransportType'),
      children: typeName(request.owner_transport_type),
    },
    { key: 'region', label: t('online.region'), children: request.region_name },
    { key: 'created_at', label: t('online.createdAt'), children: formatDateTime(request.created_at) },
    ...(request.decided_at
      ? [{ key: 'decided_at', label: t('online.decidedAt'), children: formatDateTime(request.decided_at) }]
      : []),
    ...(request.reason ? [{ key: 'reason', label: t('online.reason'), children: request.reason }] : []),
    ...(request.payment !== null
      ? [
          {
            key: 'payment',
            label: t('online.payment'),
            children: (
              <LinkButton
                to={paymentPath(request.payment)}
                type="link"
                icon={<LinkOutlined />}
                style={{ padding: 0, height: 'auto' }}
                data-testid="online-payment-link"
              >
                {t('online.paymentNumber', { id: request.payment })}
              </LinkButton>
            ),
          },
        ]
      : []),
  ];

  const lookupFailures = request.vehicles.some((v) => v.serviceErrors.length > 0);

  return (
    <>
      {modalHolder}
      <PageHeader
        title={t('online.paymentReviewTitle', { code: request.code })}
        extra={
          <Space wrap>
            {actions.includes('accept') && (
              <Button type="primary" icon={<CheckOutlined />} onClick={accept} data-testid="online-accept">
                {t('online.accept')}
              </Button>
            )}
            {actions.includes('reject') && (
              <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} data-testid="online-reject">
                {t('online.reject')}
              </Button>
            )}
            <Button icon={<FilePdfOutlined />} loading={printing} onClick={printSummary} data-testid="online-summary">
              {t('online.summary')}
            </Button>
          </Space>
        }
      />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {problem && <DecisionProblem messages={problem} onClose={() => setProblem(null)} />}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={items}
          data-testid="online-payment-details"
        />
        <Card
          size="small"
          title={<CardHeading>{t('online.vehicles')}</CardHeading>}
          data-testid="online-payment-vehicles-card"
        >
          {lookupFailures && (
            <Alert type="warning" showIcon message={t('payments.serviceErrors')} style={{ marginBottom: 12 }} />
          )}
          <VehiclesTable vehicles={request.vehicles} />
        </Card>
        <OnlineDocuments files={request.files} />
      </Space>
      <RejectDialog
        request={rejecting ? request : null}
        pending={pending}
        onClose={() => setRejecting(false)}
        onReject={reject}
      />
    </>
  );
}

/** A request for marks as the staff review it: owner, vehicles with the registry's answers, documents, decision. */
export function PaymentRequestReview({ id }: { id: number }) {
  const { t } = useTranslation();
  const request = useOnlinePayment(id);
  if (request.isPending) return <PageSkeleton />;
  if (request.isError)
    return <RecordMissing title={t('online.notFound')} error={request.error} back="/app/online-payment" />;
  return <PaymentReviewBody request={request.data} />;
}
