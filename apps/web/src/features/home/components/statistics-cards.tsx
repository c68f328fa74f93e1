import { ReloadOutlined } from '@ant-design/icons';
import { formatDate, formatMoney, type Statistic as HomeStatistic } from '@dnx/shared';
import { Alert, Button, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureMessage } from '../../../lib/notify';
import { formatCount } from '../../../lib/number-format';
import { useStatistics } from '../api/get-statistics';

/** The statistics in the order the server gave them, one group per section (first appearance first). */
function bySection(results: readonly HomeStatistic[]): [string, HomeStatistic[]][] {
  const sections = new Map<string, HomeStatistic[]>();
  for (const statistic of results) {
    const list = sections.get(statistic.section) ?? [];
    list.push(statistic);
    sections.set(statistic.section, list);
  }
  return [...sections];
}

/** One number: a link to the list that shows the same count (its name says what and how many), and its sum. */
function StatisticCard({ statistic }: { statistic: HomeStatistic }) {
  const count = formatCount(statistic.count);
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={`statistic-${statistic.key}`}>
      <Statistic
        title={statistic.label}
        value={statistic.count}
        formatter={() => (
          <Link
            to={statistic.link}
            aria-label={`${statistic.label}: ${count}`}
            data-testid="statistic-link"
            data-count={statistic.count}
          >
            {count}
          </Link>
        )}
      />
      {statistic.amount !== null && (
        <Typography.Text data-testid="statistic-amount">{formatMoney(statistic.amount)}</Typography.Text>
      )}
    </Card>
  );
}

/**
 * The home page's numbers (`/api/reports/statistics/`), grouped by section; each number opens the list it counts,
 * filtered as counted. A skeleton while they load; an alert with a retry when they cannot be read.
 */
export function StatisticsCards() {
  const { t } = useTranslation();
  const statistics = useStatistics();
  if (statistics.isPending) {
    return (
      <div data-testid="statistics-loading">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (statistics.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('home.statisticsError')}
        description={failureMessage(statistics.error)}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void statistics.refetch()}>
            {t('list.retry')}
          </Button>
        }
        data-testid="statistics-error"
      />
    );
  }
  const { today, results } = statistics.data;
  return (
    <section aria-labelledby="home-statistics" data-testid="statistics">
      <Typography.Title level={4} id="home-statistics" style={{ marginTop: 0 }}>
        {t('home.statistics')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('home.statisticsAsOf', { day: formatDate(today) })}
      </Typography.Paragraph>
      {results.length === 0 && <Typography.Paragraph>{t('home.noStatistics')}</Typography.Paragraph>}
      {bySection(results).map(([section, list]) => (
        <section key={section} aria-label={section} data-testid="statistics-section" data-section={section}>
          <Typography.Title level={5}>{section}</Typography.Title>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            {list.map((statistic) => (
              <Col key={statistic.key} xs={24} sm={12} lg={8} xl={6}>
                <StatisticCard statistic={statistic} />
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </section>
  );
}
