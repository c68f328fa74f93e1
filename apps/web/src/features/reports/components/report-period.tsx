import { formatDate, formatDateTime } from '@dnx/shared';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The line above a report's tables: its period as applied and the moment its figures are of (`as_of`: older than
 * now when the reports' replica lags, docs/operations.md), then what a page adds.
 */
export function ReportPeriod({
  report,
  children,
}: {
  report: { date_from: string | null; date_to: string; as_of: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={16}>
      <Typography.Text data-testid="report-period">
        {t('reports.periodShown', {
          from: report.date_from ? formatDate(report.date_from) : t('reports.fromStart'),
          to: formatDate(report.date_to),
        })}
      </Typography.Text>
      <Typography.Text type="secondary" data-testid="report-as-of">
        {t('reports.asOf', { moment: formatDateTime(report.as_of) })}
      </Typography.Text>
      {children}
    </Flex>
  );
}
