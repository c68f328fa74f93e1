import { DownloadOutlined, FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyFailure } from '../../lib/notify';
import type { ExportCell } from './csv';
import { downloadCsv, downloadExcel } from './download';

/** What an export writes: a title (the sheet's and the file's name), a header row and the rows. */
export interface ExportTable {
  title: string;
  header: string[];
  rows: ExportCell[][];
}

/**
 * The export menu of a screen (CSV or Excel): `table` gives what the screen shows at the moment of the click (it
 * may read the server first); a failure is shown as any other.
 */
export function ExportButton({
  table,
  disabled,
  ...rest
}: {
  table: () => ExportTable | Promise<ExportTable>;
  disabled?: boolean;
  'data-tour'?: string;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      const { title, header, rows } = await table();
      if (format === 'csv') downloadCsv(title, header, rows);
      else await downloadExcel(title, header, rows);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: [
          { key: 'csv', icon: <FileTextOutlined />, label: t('list.exportCsv') },
          { key: 'xlsx', icon: <FileExcelOutlined />, label: t('list.exportExcel') },
        ],
        onClick: ({ key }) => void run(key as 'csv' | 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={exporting} disabled={disabled} data-testid="export" {...rest}>
        {t('list.export')}
      </Button>
    </Dropdown>
  );
}
