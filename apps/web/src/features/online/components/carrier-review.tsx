import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { formatDateTime, onlineActionsOf, type OnlineCarrier } from '@dnx/shared';
import { Button, Card, Descriptions, Modal, Space, Table, Typography, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RecordMissing } from '../../../components/record-missing';
import { useAccessibleTable } from '../../../lib/accessible-dom';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { focusPageHeading } from '../../../lib/page-focus';
import { useDecideCarrier, useOnlineCarrier } from '../api/online-carriers';
import { CardHeading } from './card-heading';
import { decisionProblem, DecisionProblem } from './decision-problem';
import { OnlineDocuments } from './online-documents';
import { RejectDialog } from './reject-dialog';
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

/** What the confirmation says approving does: a new carrier, or these changes to the one with the VÖEN. */
function ApproveSummary({ carrier }: { carrier: OnlineCarrier }) {
  const { t } = useTranslation();
  const { existing } = carrier;
  if (!existing) return <p>{t('online.approveNew', { name: carrier.name, voen: carrier.voen })}</p>;
  if (existing.changes.length === 0) return <p>{t('online.approveSame', { voen: carrier.voen })}</p>;
  return (
    <>
      <p>{t('online.approveUpdate', { voen: carrier.voen, count: existing.changes.length })}</p>
      <ul data-testid="online-approve-changes">
        {existing.changes.map((change) => (
          <li key={change.field}>
            {change.label}: {dash(change.before)} → {dash(change.after)}
          </li>
        ))}
      </ul>
    </>
  );
}

function CarrierReviewBody({ carrier }: { carrier: OnlineCarrier }) {
  const { t } = useTranslation();
  const decide = useDecideCarrier();
  const [modal, modalHolder] = Modal.useModal();
  const [rejecting, setRejecting] = useState(false);
  // Opening a request changes only the address's query, which moves no focus: its heading takes it here.
  useEffect(() => focusPageHeading(), [carrier.id]);
  // A refused decision's reasons (a vehicle without a free form) stay on the screen until the next attempt.
  const [problem, setProblem] = useState<string[] | null>(null);
  const refused = (error: unknown) => {
    setProblem(decisionProblem(error));
    notifyFailure(error);
  };
  const actions = onlineActionsOf('carrier', carrier.status);

  const approve = () =>
    modal.confirm({
      title: t('online.approveTitle'),
      content: <ApproveSummary carrier={carrier} />,
      okText: t('online.approve'),
      cancelText: t('list.cancel'),
      width: 560,
      okButtonProps: { 'data-testid': 'online-approve-confirm' } as ButtonProps,
      // A 409 (decided meanwhile) says so; the request is read again either way.
      onOk: () => {
        setProblem(null);
        return decide.mutateAsync({ action: 'approve', id: carrier.id }).then(notifySuccess, refused);
      },
    });

  const reject = (reason: string, fail: (error: unknown) => boolean) =>
    decide.mutate(
      { action: 'reject', id: carrier.id, body: { reason } },
      {
        onSuccess: () => {
          notifySuccess();
          setRejecting(false);
        },
        onError: (error) => {
          if (!fail(error)) {
            refused(error);
            setRejecting(false);
          }
        },
      },
    );

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
        pending={decide.isPending}
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
