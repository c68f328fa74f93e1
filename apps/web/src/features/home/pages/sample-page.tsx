import { appRoutes, formatCount, hasPermissions } from '@dnx/shared';
import { Card, Col, Descriptions, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { useOpenBankDifferences } from '../api/get-bank-differences';
import { StatisticsCards } from '../components/statistics-cards';

/** The landing page: who you are, your roles and region, your numbers (each opens its list) and the sections open to you. */
export default function SamplePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const permissions = user?.permissions ?? [];
  const open = appRoutes.filter((r) => r.menu && r.key !== 'sample-page' && hasPermissions(permissions, r.permissions));
  // The central office and the administrators see the money not yet accounted for (issue 48).
  const reconciles = hasPermissions(permissions, ['view_bankstatement']);
  const bankDifferences = useOpenBankDifferences(reconciles);
  return (
    <div data-testid="sample-page">
      <PageHeader title={name ? t('home.greeting', { name }) : t('home.greetingAnonymous')} />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('home.roles')}>
            {user?.groups.map((g) => (
              <Tag key={g.id} color="blue">
                {g.name}
              </Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label="Email">{user?.email}</Descriptions.Item>
        </Descriptions>
      </Card>
      <div style={{ marginBottom: 16 }}>
        <StatisticsCards />
      </div>
      {reconciles && bankDifferences.data && (
        <Link to="/app/bank-statements" data-testid="home-bank-differences">
          <Card hoverable size="small" style={{ marginBottom: 16, maxWidth: 360 }}>
            <Statistic title={t('home.bankDifferences')} value={formatCount(bankDifferences.data.count)} />
          </Card>
        </Link>
      )}
      <Typography.Title level={5}>{t('home.quickLinks')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {open.map((route) => (
          <Col key={route.key} xs={24} sm={12} lg={8} xl={6}>
            <Link to={`/app/${route.path}`}>
              <Card hoverable size="small">
                <Typography.Text strong>{t(`routes.${route.key}`)}</Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
