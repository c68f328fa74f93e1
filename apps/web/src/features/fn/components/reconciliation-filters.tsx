import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvailableSelect } from '../../../components/available-select';
import { RegionSelect } from '../../../components/region-select';
import { SearchBox } from '../../../components/resource-list';
import type { ReconciliationFilters as Filters } from '../api/reconciliation';
import { PersonSelect } from '../../../components/person-select';

/** The reconciliation's filters (kept in the address): series, region, operator of the region, transport type. */
export function ReconciliationFilterBar({
  filters,
  setFilter,
}: {
  filters: Filters;
  setFilter: (name: string, value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const { series, region, operator, transport_type: transportType } = filters;
  return (
    <Card size="small">
      <Row gutter={[16, 8]}>
        <Col xs={24} sm={12} md={6}>
          <SearchBox
            value={series ?? ''}
            onSearch={(text) => setFilter('series', text ? text.toUpperCase() : undefined)}
            placeholder={t('fn.series')}
            width="100%"
            data-testid="filter-input-series"
          />
        </Col>
        <Col xs={24} sm={12} md={6}>
          <RegionSelect
            value={region}
            onChange={(v) => setFilter('region', v === undefined ? undefined : String(v))}
            placeholder={t('fn.region')}
            aria-label={t('fn.region')}
          />
        </Col>
        <Col xs={24} sm={12} md={6}>
          <PersonSelect
            kind="operators"
            region={region === undefined ? undefined : Number(region)}
            value={operator}
            onChange={(v) => setFilter('operator', v === undefined ? undefined : String(v))}
            placeholder={t('fn.operator')}
            data-testid="filter-operator"
          />
        </Col>
        <Col xs={24} sm={12} md={6}>
          <AvailableSelect
            resource="transport-types"
            value={transportType}
            onChange={(v) => setFilter('transport_type', v === undefined ? undefined : String(v))}
            placeholder={t('fn.transportType')}
            aria-label={t('fn.transportType')}
            data-testid="filter-transport-type"
          />
        </Col>
      </Row>
    </Card>
  );
}
