import { UploadOutlined } from '@ant-design/icons';
import { bankStatementMaxBytes, bankStatementMessages, type BankStatement } from '@dnx/shared';
import { Alert, Button, Card, Form, Space, Table, Tabs, Typography } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useStatements, useUploadStatement } from '../api/bank-statements';
import { DemoFiles } from '../components/demo-files';
import { serverReason } from '../components/resolution';
import type { Opened } from '../components/cells';
import { Differences } from '../components/differences';
import { StatementEntries } from '../components/statement-entries';
import { statementColumns } from '../components/statement-list';
import '../components/reconciliation.css';
import '../texts';

const CreditDrawer = lazy(() => import('../components/credit-panel').then((m) => ({ default: m.CreditDrawer })));

/**
 * `bank-statements` (issue 48): the administrators and the central office upload the bank's statement (camt.053,
 * MT940 or the CSV), see the statements with their credits by match state, a statement's entries filtered by state,
 * the open differences across statements, and resolve a credit left open.
 */
export default function BankStatementsPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ type: 'error' | 'success' | 'info'; text: string } | null>(null);
  // The statement open below (its id: the statement itself is read again, so its counts stay current) and the credit
  // open in the reconciliation panel.
  const [current, setCurrent] = useState<number | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [page, setPage] = useState(1);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadStatement();
  const statements = useStatements(page);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setMessage(
      chosen && chosen.size > bankStatementMaxBytes
        ? { type: 'error', text: bankStatementMessages.fileTooLarge }
        : null,
    );
  };
  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        setCurrent(result.statement.id);
        setMessage({
          type: result.already_imported ? 'info' : 'success',
          text: t(result.already_imported ? 'bankStatements.alreadyImported' : 'bankStatements.imported'),
        });
        setFile(null);
        if (input.current) input.current.value = '';
      },
      // The server's own reason ("Çıxarışın hesabı tutmur …"), not the generic failure.
      onError: (error) => setMessage({ type: 'error', text: serverReason(error) }),
    });
  };

  return (
    <div data-testid="bank-statements-page">
      <PageHeader title={t('routes.bank-statements')} />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={t('bankStatements.uploadTitle')}>
          <Typography.Paragraph type="secondary">{t('bankStatements.uploadHelp')}</Typography.Paragraph>
          <Form layout="vertical" onFinish={send} style={{ maxWidth: 560 }}>
            <Form.Item label={t('bankStatements.file')} htmlFor="bank-statement-file" required>
              <input
                ref={input}
                id="bank-statement-file"
                type="file"
                accept=".xml,.txt,.sta,.mt940,.csv,text/xml,text/plain,text/csv"
                onChange={(event) => choose(event.target.files?.[0] ?? null)}
                data-testid="bank-statement-file"
              />
            </Form.Item>
            <Space wrap>
              <Button
                type="primary"
                htmlType="submit"
                icon={<UploadOutlined />}
                disabled={!file || message?.type === 'error'}
                loading={upload.isPending}
                data-testid="bank-statement-upload"
              >
                {t('bankStatements.upload')}
              </Button>
              <DemoFiles />
            </Space>
          </Form>
          {message && (
            <Alert
              type={message.type}
              showIcon
              message={message.text}
              style={{ marginTop: 16 }}
              data-testid="bank-statement-message"
            />
          )}
        </Card>
        <Tabs
          items={[
            {
              key: 'statements',
              label: t('bankStatements.statements'),
              children: (
                <Table<BankStatement>
                  rowKey="id"
                  size="small"
                  loading={statements.isFetching}
                  dataSource={statements.data?.results ?? []}
                  data-testid="bank-statements"
                  pagination={{ current: page, pageSize: 10, total: statements.data?.count ?? 0, onChange: setPage }}
                  tableLayout="fixed"
                  columns={statementColumns(t, setCurrent)}
                />
              ),
            },
            {
              key: 'differences',
              label: t('bankStatements.differences'),
              children: <Differences onOpen={setOpened} />,
            },
          ]}
        />
        {current !== null && <StatementEntries key={current} statementId={current} onOpen={setOpened} />}
      </Space>
      {opened !== null && (
        <Suspense fallback={null}>
          <CreditDrawer
            entryId={opened.id}
            queue={opened.queue}
            onOpen={(id) => setOpened(id === null ? null : { id, queue: opened.queue })}
          />
        </Suspense>
      )}
    </div>
  );
}
