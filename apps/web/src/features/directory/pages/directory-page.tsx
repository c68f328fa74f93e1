import { formatDateTime, type DirectoryProviderState } from '@dnx/shared';
import { Alert, Table, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { failureMessage } from '../../../lib/notify';
import { useDirectoryProviders } from '../api/directory-admin';

// The preview's form (a select, a text area, the result) loads after the providers' table (issue 60).
const DirectoryPreview = lazy(() => import('../components/directory-preview'));

type Language = keyof DirectoryProviderState['name'];

/**
 * `directory` (issue 59): the agency's directories, each one's state, last error and linked accounts; and the
 * preview: pasted claims -> exactly the account, groups, role and region a sign-in would give, nothing saved.
 */
export default function DirectoryPage() {
  const { t, i18n } = useTranslation();
  const providers = useDirectoryProviders();
  const stateTag = (state: DirectoryProviderState['state']) =>
    state === 'ok' ? (
      <Tag color="green">{t('directory.stateOk')}</Tag>
    ) : state === 'error' ? (
      <Tag color="red">{t('directory.stateError')}</Tag>
    ) : (
      <Tag>{t('directory.stateUnknown')}</Tag>
    );
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
      <Suspense fallback={<div style={{ minHeight: 420 }} />}>
        <DirectoryPreview providers={providers.data ?? []} />
      </Suspense>
    </div>
  );
}
