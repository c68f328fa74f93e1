import { fnCheckQuerySchema, type FnCheck } from '@dnx/shared';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/notify';
import { schemaRules } from '../../../lib/form-rules';
import { useCheckFn } from '../api/check-fn';
import { fnNoticeStatusText, fnStageText } from '../../../lib/status-text';

const rules = schemaRules(fnCheckQuerySchema.shape);

interface CheckValues {
  series: string;
  number: string;
}

const stageColors: Record<FnCheck['stage'], string> = {
  new: 'default',
  active: 'blue',
  shared: 'geekblue',
  used: 'gold',
  paid: 'green',
  voided: 'red',
};

const day = (value: string | null) => (value ? dayjs(value).format('DD.MM.YYYY') : '—');

function CheckCard({ result }: { result: FnCheck }) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'stage',
      label: t('fn.stage'),
      children: <Tag color={stageColors[result.stage]}>{fnStageText(t, result.stage)}</Tag>,
    },
    {
      key: 'status',
      label: t('fn.status'),
      children: (
        <Space wrap size={4}>
          <span>{result.status === null ? '—' : fnNoticeStatusText(t, result.status)}</span>
          {result.annulled && <Tag color="red">{t('fn.annulled')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'validity',
      label: t('fn.validity'),
      children: result.valid_from || result.valid_to ? `${day(result.valid_from)} – ${day(result.valid_to)}` : '—',
    },
    { key: 'inspector', label: t('fn.inspector'), children: result.inspector_name ?? '—' },
    { key: 'operator', label: t('fn.operator'), children: result.operator_name },
    { key: 'region', label: t('fn.region'), children: result.region_name },
    { key: 'vehicle', label: t('fn.vehicle'), children: result.vehicle ?? '—' },
    { key: 'carrier', label: t('fn.carrier'), children: result.carrier ?? '—' },
  ];
  return (
    <Card
      data-testid="fn-check-card"
      title={
        <span>
          {t('fn.mark')} {result.series} {result.number}
        </span>
      }
    >
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small" items={items} />
    </Card>
  );
}

/** check-fn: series and number in (kept in the address), one clear card out; made for a phone in the field. */
export default function CheckFnPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const series = params.get('series') ?? '';
  const number = params.get('number') ?? '';
  const [form] = Form.useForm<CheckValues>();
  const check = useCheckFn(series, number);

  useEffect(() => {
    form.setFieldsValue({ series, number });
  }, [form, series, number]);

  const notFound = check.error instanceof ApiError && check.error.status === 404;

  return (
    <>
      <PageHeader title={t('routes.check-fn')} />
      <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
        <Card>
          <Form<CheckValues>
            form={form}
            layout="vertical"
            data-testid="fn-check-form"
            initialValues={{ series, number }}
            onFinish={(values) => {
              const next = new URLSearchParams(params);
              next.set('series', values.series.trim().toUpperCase());
              next.set('number', values.number.trim());
              setParams(next);
              if (values.series.trim().toUpperCase() === series && values.number.trim() === number)
                void check.refetch();
            }}
          >
            <Space wrap align="start" size="middle" style={{ width: '100%' }}>
              <Form.Item
                name="series"
                label={t('fn.series')}
                required
                rules={rules.series}
                normalize={(value: string) => value.toUpperCase()}
                style={{ minWidth: 120, marginBottom: 0 }}
              >
                <Input maxLength={3} autoCapitalize="characters" autoComplete="off" placeholder="AB" size="large" />
              </Form.Item>
              <Form.Item
                name="number"
                label={t('fn.number')}
                required
                rules={rules.number}
                normalize={(value: string) => value.replace(/\D/g, '')}
                style={{ minWidth: 160, marginBottom: 0 }}
              >
                <Input maxLength={6} inputMode="numeric" autoComplete="off" placeholder="000001" size="large" />
              </Form.Item>
            </Space>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={check.isFetching}
              style={{ marginTop: 16, maxWidth: 320 }}
            >
              {t('fn.check')}
            </Button>
          </Form>
        </Card>
        <div aria-live="polite">
          {check.isFetching && !check.data && <Skeleton active />}
          {check.data && !check.isError && <CheckCard result={check.data} />}
          {check.isError && (
            <Alert
              type={notFound ? 'warning' : 'error'}
              showIcon
              data-testid="fn-check-missing"
              message={notFound ? t('fn.notFoundTitle') : failureMessage(check.error)}
              description={notFound ? failureMessage(check.error) : undefined}
            />
          )}
        </div>
      </Space>
    </>
  );
}
