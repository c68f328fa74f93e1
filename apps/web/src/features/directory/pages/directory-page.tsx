import { directoryErrorMessages, formatDateTime, type DirectoryProviderState } from '@dnx/shared';
import { Alert, Button, Descriptions, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { failureMessage } from '../../../lib/notify';
import { useDirectoryPreview, useDirectoryProviders } from '../api/directory-admin';

type Language = keyof DirectoryProviderState['name'];

/**
 * `directory` (issue 59): the agency's directories, each one's state, last error and linked accounts; and the
 * preview: pasted claims -> exactly the account, groups, role and region a sign-in would give, nothing saved.
 */
export default function DirectoryPage() {
  const { t, i18n } = useTranslation();
  const providers = useDirectoryProviders();
  const preview = useDirectoryPreview();
  const [claimsError, setClaimsError] = useState<string | null>(null);
  const stateTag = (state: DirectoryProviderState['state']) =>
    state === 'ok' ? (
      <Tag color="green">{t('directory.stateOk')}</Tag>
    ) : state === 'error' ? (
      <Tag color="red">{t('directory.stateError')}</Tag>
    ) : (
      <Tag>{t('directory.stateUnknown')}</Tag>
    );
  const run = (values: { provider: string; claims: string }) => {
    setClaimsError(null);
    let claims: unknown;
    try {
      claims = JSON.parse(values.claims);
    } catch {
      claims = null;
    }
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return setClaimsError(t('directory.notJson'));
    preview.mutate({ provider: values.provider, claims: claims as Record<string, unknown> });
  };
  const result = preview.data;
  return (
    <div data-testid="directory-page">
      <PageHeader title={t('routes.directory')} />
      {providers.error && <Alert type="error" showIcon message={failureMessage(providers.error)} />}
      <Table<DirectoryProviderState>
        rowKey="id"
        loading={providers.isLoading}
        dataSource={providers.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="directory-providers"
        columns={[
          {
            key: 'name',
            title: t('directory.providers'),
            render: (_, p) => p.name[i18n.language as Language] ?? p.name.az,
          },
          { key: 'address', title: t('directory.address'), render: (_, p) => <code>{p.address}</code> },
          { key: 'state', title: t('directory.state'), render: (_, p) => stateTag(p.state) },
          {
            key: 'error',
            title: t('directory.lastError'),
            render: (_, p) => (p.last_error ? `${formatDateTime(p.last_error_at!)} · ${p.last_error}` : '—'),
          },
          { key: 'linked', title: t('directory.linked'), render: (_, p) => p.linked_accounts },
        ]}
      />
      <h2 style={{ marginTop: 24 }}>{t('directory.preview')}</h2>
      <p>{t('directory.previewHint')}</p>
      <Form
        layout="vertical"
        onFinish={run}
        initialValues={{ provider: providers.data?.[0]?.id }}
        style={{ maxWidth: 720 }}
      >
        <Form.Item name="provider" label={t('directory.providers')} rules={[{ required: true }]}>
          <Select options={(providers.data ?? []).map((p) => ({ value: p.id, label: p.name.az }))} />
        </Form.Item>
        <Form.Item
          name="claims"
          label="Claims (JSON)"
          rules={[{ required: true }]}
          validateStatus={claimsError ? 'error' : undefined}
          help={claimsError}
        >
          <Input.TextArea rows={8} spellCheck={false} data-testid="directory-claims" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={preview.isPending}>
          {t('directory.previewRun')}
        </Button>
      </Form>
      {preview.error && (
        <Alert type="error" showIcon message={failureMessage(preview.error)} style={{ marginTop: 16 }} />
      )}
      {result && (
        <Descriptions bordered column={1} style={{ marginTop: 16, maxWidth: 720 }} data-testid="directory-preview">
          <Descriptions.Item label={t('directory.state')}>
            {result.allowed ? (
              <Tag color="green">{t('directory.allowed')}</Tag>
            ) : (
              <Tag color="red">
                {t('directory.refused')}: {result.refusal ? directoryErrorMessages[result.refusal] : ''}
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('directory.account')}>
            {t(`directory.accountAction.${result.account.action}`)} · {result.account.email ?? '—'}{' '}
            {result.account.first_name} {result.account.last_name}
          </Descriptions.Item>
          <Descriptions.Item label={t('directory.groups')}>
            {result.groups.map((g) => g.name).join(', ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('directory.roles')}>{result.roles.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('directory.region')}>{result.region?.name ?? '—'}</Descriptions.Item>
          {result.unknown.length > 0 && (
            <Descriptions.Item label={t('directory.unknown')}>{result.unknown.join(', ')}</Descriptions.Item>
          )}
        </Descriptions>
      )}
    </div>
  );
}
