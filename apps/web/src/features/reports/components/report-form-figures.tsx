import { reportFormFigureKeys, reportGroupByLabels, reportMoneyKeys, type Report } from '@dnx/shared';
import { Col, Row, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentStatusText } from '../../../lib/status-text';
import { FigureChart } from './figure-chart';
import { chartData } from './figures';
import { FiguresTable } from './figures-table';
import { ReportPeriod } from './report-period';

/** The report's period, its table with totals and two charts beside it (forms, money), by the report's grouping. */
export function ReportFormFigures({ data, loading }: { data: Report; loading: boolean }) {
  const { t } = useTranslation();
  const groupLabel = reportGroupByLabels[data.group_by];
  const rows = useMemo(() => data.rows.map((row) => ({ ...row, rowKey: row.key, names: [row.label] })), [data.rows]);
  const chart = useMemo(() => chartData(data.rows), [data.rows]);
  return (
    <>
      <ReportPeriod report={data}>
        <Typography.Text type="secondary">
          {t('reports.paymentsCounted', { status: paymentStatusText(t, data.payment_status) })}
        </Typography.Text>
      </ReportPeriod>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={14}>
          <FiguresTable
            caption={t('reports.tableCaption', { group: groupLabel })}
            nameHeaders={[groupLabel]}
            rows={rows}
            totals={data.totals}
            totalsLabel={t('reports.totals')}
            emptyText={t('reports.empty')}
            loading={loading}
            data-testid="report-table"
          />
        </Col>
        <Col xs={24} xxl={10}>
          <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="report-charts">
            <FigureChart
              title={t('reports.formsChart', { group: groupLabel })}
              description={t('reports.formsChartText', { group: groupLabel })}
              data={chart}
              figures={reportFormFigureKeys}
              data-testid="report-forms-chart"
            />
            <FigureChart
              title={t('reports.moneyChart', { group: groupLabel })}
              description={t('reports.moneyChartText', { group: groupLabel })}
              data={chart}
              figures={reportMoneyKeys}
              money
              data-testid="report-money-chart"
            />
          </Space>
        </Col>
      </Row>
    </>
  );
}
