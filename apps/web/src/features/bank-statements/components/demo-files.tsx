import { DownloadOutlined } from '@ant-design/icons';
import { bankStatementFormats, type BankStatementFormat } from '@dnx/shared';
import { Button, Dropdown, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadProgress, useDownload } from '../../../components/download';
import '../texts';

const names: Record<BankStatementFormat, string> = {
  camt053: 'demo-camt053.xml',
  mt940: 'demo-mt940.sta',
  csv: 'demo-statement.csv',
};

/**
 * The demo's statement files (issue 48), one per format, to upload by hand: the server writes them from the demo's
 * payments (`GET /api/bank-statements/demo-file/?format=`); without the demo data it says so.
 */
export function DemoFiles() {
  const { t } = useTranslation();
  const { state, start, cancel } = useDownload<BankStatementFormat>();
  return (
    <Flex gap={8} align="center" wrap>
      <Dropdown
        trigger={['click']}
        menu={{
          items: bankStatementFormats.map((format) => ({ key: format, label: names[format] })),
          onClick: ({ key }) =>
            void start(key as BankStatementFormat, {
              path: '/api/bank-statements/demo-file/',
              query: { format: key },
              rowsHeader: 'x-export-rows',
              fallbackName: names[key as BankStatementFormat],
            }),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={state.phase === 'running'} data-testid="bank-demo-files">
          {t('bankStatements.demoFiles')}
        </Button>
      </Dropdown>
      <DownloadProgress state={state} onCancel={cancel} testId="bank-demo-files" width={260} />
    </Flex>
  );
}
