import { directoryErrorMessages, type DirectoryProviderState } from '@dnx/shared';
import { Alert, Button, Descriptions, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/notify';
import { useDirectoryPreview } from '../api/directory-admin';

/** The preview: pasted claims -> exactly the account, groups, role and region a sign-in would give, nothing saved. */
export default function DirectoryPreview({ providers }: { providers: DirectoryProviderState[] }) {
  const { t } = useTranslation();
  const preview = useDirectoryPreview();
  const [claimsError, setClaimsError] = useState<string | null>(null);
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
    <>
      <h2 style={{ marginTop: 24 }}>{t('directory.preview')}</h2>
      <p>{t('directory.previewHint')}</p>
      <Form layout="vertical" onFinish={run} initialValues={{ provider: providers[0]?.id }} style={{ maxWidth: 720 }}>
        <Form.Item name="provider" label={t('directory.providers')} rules={[{ required: true }]}>
          <Select options={providers.map((p) => ({ value: p.id, label: p.name.az }))} />
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
    </>
  );
}
