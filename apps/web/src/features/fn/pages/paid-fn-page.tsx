import { DeleteOutlined, HistoryOutlined } from '@ant-design/icons';
import { fnAnnulSchema, fnFormExportColumns, hasPermissions, type FnForm } from '@dnx/shared';
import { Button, Empty } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ReasonDialog } from '../../../components/reason-dialog';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { useFnForm } from '../api/forms';
import { paidEndpoint, useAnnulPaid } from '../api/paid';
import { formColumns, formDefaultColumns, textFilter } from '../components/form-columns';
import { HistoryDrawer } from '../components/history-drawer';
import { fnNoticeStatusOptions } from '../../../lib/status-text';

/** Annuls the selected paid forms with a required reason (the spec's paid-fn soft delete), all or none. */
function AnnulButton({ selected, done }: { selected: number[]; done: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const annul = useAnnulPaid();
  const onSubmit = (reason: string, fail: (error: unknown) => boolean) =>
    annul.mutate(
      { pkList: selected, reason },
      {
        onSuccess: () => {
          notifySuccess();
          setOpen(false);
          done();
        },
        onError: (error) => {
          if (!fail(error)) notifyFailure(error);
        },
      },
    );
  return (
    <>
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={selected.length === 0}
        onClick={() => setOpen(true)}
        data-testid="fn-annul-selected"
      >
        {t('fn.annulSelected', { count: selected.length })}
      </Button>
      <ReasonDialog
        open={open}
        title={t('fn.annulTitle')}
        okText={t('fn.annul')}
        text={t('fn.annulText', { count: selected.length })}
        label={t('fn.reason')}
        reasonSchema={fnAnnulSchema.shape.reason}
        maxLength={500}
        pending={annul.isPending}
        testId="fn-annul-form"
        onClose={() => setOpen(false)}
        onSubmit={onSubmit}
      />
    </>
  );
}

/** `paid-fn`: the paid forms (not annulled), filters in the URL; the administrator annuls with a reason. */
export default function PaidFnPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  // The server annuls only with delete_fn (POST /api/fn/paid/delete-multiple/).
  const canAnnul = hasPermissions(me?.permissions ?? [], ['delete_fn']);
  const [params, setParams] = useSearchParams();
  const historyId = /^\d+$/.test(params.get('history') ?? '') ? Number(params.get('history')) : null;
  const historyForm = useFnForm(historyId);
  const setHistory = useCallback(
    (id: number | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('history');
        else next.set('history', String(id));
        return next;
      }),
    [setParams],
  );

  const declaration = useMemo<ResourceListDeclaration<FnForm>>(
    () => ({
      endpoint: paidEndpoint,
      // The paid forms are forms: their changes come as `fn-forms` (issue 47).
      liveResource: 'fn-forms',
      title: t('routes.paid-fn'),
      rowKey: (f) => f.id,
      defaultSort: { orderBy: 'updated_at', order: 'desc' },
      exportColumns: fnFormExportColumns,
      defaultColumns: formDefaultColumns,
      columns: formColumns(t, (f) => (
        <Button
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => setHistory(f.id)}
          aria-label={`${t('fn.history')}: ${f.series} ${f.number}`}
        >
          {t('fn.history')}
        </Button>
      )).filter((c) => c.key !== 'void_reason' && c.key !== 'stage'),
      filters: [
        { name: 'series', label: t('fn.series'), render: textFilter('series', true) },
        { name: 'number_from', label: t('fn.numberFrom'), render: textFilter('number_from') },
        { name: 'number_to', label: t('fn.numberTo'), render: textFilter('number_to') },
        {
          name: 'status',
          label: t('fn.status'),
          options: fnNoticeStatusOptions(t),
        },
      ],
      emptyText: (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fn.noPaid')} data-testid="fn-paid-empty" />
      ),
    }),
    [t, setHistory],
  );

  return (
    <div data-testid="paid-fn-page">
      <PageHeader title={t('routes.paid-fn')} />
      <ResourceTable
        declaration={declaration}
        bulkActions={canAnnul ? (selected, done) => <AnnulButton selected={selected} done={done} /> : undefined}
      />
      <HistoryDrawer
        subject={
          historyId === null
            ? null
            : {
                kind: 'forms',
                id: historyId,
                title: historyForm.data ? `${historyForm.data.series} ${historyForm.data.number}` : '',
              }
        }
        onClose={() => setHistory(null)}
      />
    </div>
  );
}
