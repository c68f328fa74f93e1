import { reportFormFigureKeys, reportMoneyKeys, type GeneralReport } from '@dnx/shared';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureChart } from './figure-chart';
import { chartData } from './figures';
import { FiguresTable } from './figures-table';
import { ReportPeriod } from './report-period';

const named = <R extends { key: string; label: string }>(rows: readonly R[] | undefined) =>
  (rows ?? []).map((row) => ({ ...row, rowKey: row.key, names: [row.label] }));

/**
 * The general report's figures: region by transport type, per region, per transport type, and the movement month
 * by month as charts and a table.
 */
export function GeneralReportFigures({ data, loading }: { data: GeneralReport; loading: boolean }) {
  const { t } = useTranslation();
  const cellRows = useMemo(
    () =>
      data.cells.map((cell) => ({
        ...cell,
        rowKey: `${cell.region}:${cell.transport_type}`,
        names: [cell.region_name, cell.transport_type_name],
      })),
    [data.cells],
  );
  const months = useMemo(() => chartData(data.months), [data.months]);
  const table = { totals: data.totals, totalsLabel: t('reports.totals'), emptyText: t('reports.empty'), loading };

  return (
    <>
      <ReportPeriod report={data} />
      <FiguresTable
        caption={t('reports.byCell')}
        nameHeaders={[t('reports.region'), t('reports.transportType')]}
        rows={cellRows}
        {...table}
        data-testid="general-report-cells"
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={12}>
          <FiguresTable
            caption={t('reports.byRegion')}
            nameHeaders={[t('reports.region')]}
            rows={named(data.regions)}
            {...table}
            data-testid="general-report-regions"
          />
        </Col>
        <Col xs={24} xxl={12}>
          <FiguresTable
            caption={t('reports.byTransportType')}
            nameHeaders={[t('reports.transportType')]}
            rows={named(data.transport_types)}
            {...table}
            data-testid="general-report-transport-types"
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <FigureChart
            kind="line"
            title={t('reports.monthsChart')}
            description={t('reports.monthsChartText')}
            data={months}
            figures={reportFormFigureKeys}
            data-testid="general-report-months-chart"
          />
        </Col>
        <Col xs={24} xl={12}>
          <FigureChart
            title={t('reports.monthsMoneyChart')}
            description={t('reports.monthsMoneyChartText')}
            data={months}
            figures={reportMoneyKeys}
            money
            data-testid="general-report-months-money-chart"
          />
        </Col>
      </Row>
      <FiguresTable
        caption={t('reports.byMonth')}
        nameHeaders={[t('reports.month')]}
        rows={named(data.months)}
        {...table}
        data-testid="general-report-months"
      />
    </>
  );
}
