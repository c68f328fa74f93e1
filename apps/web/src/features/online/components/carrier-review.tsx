import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { formatDateTime, onlineActionsOf, type OnlineCarrier } from '@dnx/shared';
import { Button, Card, Descriptions, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RecordMissing } from '../../../components/record-missing';
import { useAccessibleTable } from '../../../lib/accessible-dom';
import { useOnlineCarrier } from '../api/online-carriers';
import { CardHeading } from './card-heading';
import { DecisionProblem } from './decision-problem';
import { OnlineDocuments } from './online-documents';
import { RejectDialog } from './reject-dialog';
import { useCarrierDecision } from './use-carrier-decision';
import { OnlineStatusTag } from './status-tag';

type Changes = NonNullable<OnlineCarrier['existing']>['changes'];

const dash = (value: string | null | undefined) => (value ? value : '—');

/** The fields approving will change on the carrier already registered with the VÖEN. */
function ChangesTable({ changes }: { changes: Changes }) {
  const { t } = useTranslation();
  const root = useAccessibleTable(t('online.differencesTitle'));
  return (
    <div ref={root}>
      <Table
        size="small"
        pagination={false}
        rowKey={(change) => change.field}
        dataSource={[...changes]}
        scroll={{ x: true }}
        data-testid="online-carrier-changes"
        columns={[
          { key: 'label', title: t('online.field'), dataIndex: 'label' },
          { key: 'before', title: t('online.before'), render: (_, change) => dash(change.before) },
          { key: 'after', title: t('online.after'), render: (_, change) => <strong>{dash(change.after)}</strong> },
        ]}
      />
    </div>
  );
}

function CarrierReviewBody({ carrier }: { carrier: OnlineCarrier }) {
  const { t } = useTranslation();
  const { modalHolder, approve, reject, rejecting, setRejecting, problem, setProblem, pending } =
    useCarrierDecision(carrier);
  const actions = onlineActionsOf('carrier', carrier.status);

  const items = [
    { key: 'code', label: t('online.codeLabel'), children: carrier.code },
    {
      key: 'status',
      label: t('online.status'),
      children: <OnlineStatusTag kind="carrier" status={carrier.status} />,
    },
    { key: 'name', label: t('online.name'), children: carrier.name },
    { key: 'voen', label: t('online.voen'), children: carrier.voen },
    { key: 'address', label: t('online.address'), children: dash(carrier.address) },
    { key: 'phone', label: t('online.phone'), children: carrier.phone },
    { key: 'email', label: t('online.email'), children: carrier.email },
    { key: 'region', label: t('online.region'), children: carrier.region_name },
    { key: 'created_at', label: t('online.createdAt'), children: formatDateTime(carrier.created_at) },
    ...(carrier.decided_at
      ? [{ key: 'decided_at', label: t('online.decidedAt'), children: formatDateTime(carrier.decided_at) }]
      : []),
    ...(carrier.reason ? [{ key: 'reason', label: t('online.reason'), children: carrier.reason }] : []),
    ...(carrier.tax_payer !== null
      ? [{ key: 'tax_payer', label: t('online.taxPayer'), children: `№ ${carrier.tax_payer}` }]
      : []),
    ...(carrier.carrier !== null
      ? [{ key: 'carrier', label: t('online.carrier'), children: t('online.carrierNumber', { id: carrier.carrier }) }]
      : []),
    { key: 'info', label: t('online.info'), children: dash(carrier.info), span: 'filled' as const },
  ];

  return (
    <>
      {modalHolder}
      <PageHeader
        title={t('online.carrierReviewTitle', { code: carrier.code })}
        extra={
          <Space wrap>
            {actions.includes('approve') && (
              <Button type="primary" icon={<CheckOutlined />} onClick={approve} data-testid="online-approve">
                {t('online.approve')}
              </Button>
            )}
            {actions.includes('reject') && (
              <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)} data-testid="online-reject">
                {t('online.reject')}
              </Button>
            )}
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
          data-testid="online-carrier-details"
        />
        {carrier.existing && (
          <Card
            size="small"
            title={<CardHeading>{t('online.differencesTitle')}</CardHeading>}
            data-testid="online-carrier-existing"
          >
            {carrier.existing.changes.length > 0 ? (
              <>
                <Typography.Paragraph>
                  {t('online.differencesText', { voen: carrier.voen, id: carrier.existing.id })}
                </Typography.Paragraph>
                <ChangesTable changes={carrier.existing.changes} />
              </>
            ) : (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                {t('online.noDifferences', { voen: carrier.voen, id: carrier.existing.id })}
              </Typography.Paragraph>
            )}
          </Card>
        )}
        <OnlineDocuments files={carrier.files} />
      </Space>
      <RejectDialog
        request={rejecting ? carrier : null}
        pending={pending}
        onClose={() => setRejecting(false)}
        onReject={reject}
      />
    </>
  );
}

/** A carrier's registration as the staff review it: its data, documents, what approving changes, the decision. */
export function CarrierReview({ id }: { id: number }) {
  const { t } = useTranslation();
  const carrier = useOnlineCarrier(id);
  if (carrier.isPending) return <PageSkeleton />;
  if (carrier.isError)
    return <RecordMissing title={t('online.notFound')} error={carrier.error} back="/app/online-carrier" />;
  return <CarrierReviewBody carrier={carrier.data} />;
}
