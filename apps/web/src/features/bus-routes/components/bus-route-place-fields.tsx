import { busRouteMessages, nationalRoles, type BusRoute } from '@dnx/shared';
import { Col, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvailableSelect } from '../../../components/available-select';
import { RegionSelect } from '../../../components/region-select';
import { useCurrentUser } from '../../../lib/current-user';
import { half, rules } from './bus-route-fields';
import { CompaniesSelect } from './companies-select';

const reference = (id: number | undefined, name: string | undefined) =>
  id !== undefined && name !== undefined ? { id, name } : undefined;

/** What the route is and where it runs: its transport, name, number, region, cities, cover, fare and companies. */
export function BusRoutePlaceFields({ route, readOnly }: { route?: BusRoute; readOnly: boolean }) {
  const { t } = useTranslation();
  const label = (field: string) => t(`busRoutes.fields.${field}`);
  return (
    <>
      <Col {...half}>
        <Form.Item name="transport_type" label={label('transport_type')} required rules={rules.transport_type}>
          <AvailableSelect
            resource="transport-types"
            current={reference(route?.transport_type, route?.transport_type_name)}
            disabled={readOnly}
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="name" label={label('name')} required rules={rules.name}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="number" label={label('number')} required rules={rules.number}>
          <Input maxLength={20} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <RegionField route={route} readOnly={readOnly} />
      </Col>
      <Col {...half}>
        <Form.Item name="city" label={label('city')} required rules={rules.city}>
          <AvailableSelect resource="cities" current={reference(route?.city, route?.city_name)} disabled={readOnly} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="destination_city" label={label('destination_city')} required rules={rules.destination_city}>
          <AvailableSelect
            resource="cities"
            current={reference(route?.destination_city, route?.destination_city_name)}
            disabled={readOnly}
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="cover" label={label('cover')} required rules={rules.cover}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="fare" label={label('fare')} rules={rules.fare}>
          <Input inputMode="decimal" placeholder={t('busRoutes.farePlaceholder')} suffix="₼" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="route_companies" label={label('route_companies')} rules={rules.route_companies}>
          <CompaniesSelect current={route?.route_companies} disabled={readOnly} />
        </Form.Item>
      </Col>
    </>
  );
}

/** The region: a national user picks it; a regional user's routes are their region's, which the form only shows. */
function RegionField({ route, readOnly }: { route?: BusRoute; readOnly: boolean }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const national = (me?.groups ?? []).some((g) => nationalRoles.some((r) => r === g.code));
  const label = t('busRoutes.fields.region');
  if (national) {
    return (
      <Form.Item
        name="region"
        label={label}
        required
        rules={[{ required: true, message: busRouteMessages.regionRequired }]}
      >
        <RegionSelect current={reference(route?.region, route?.region_name)} disabled={readOnly} />
      </Form.Item>
    );
  }
  // A regional user's routes are their region's: the server sets it, the form only says so.
  return (
    <Form.Item label={label}>
      {route ? (
        <AvailableSelect
          resource="regions"
          id="region"
          value={route.region}
          current={{ id: route.region, name: route.region_name }}
          disabled
          aria-label={label}
        />
      ) : (
        <Typography.Text type="secondary">{t('busRoutes.regionFixed')}</Typography.Text>
      )}
    </Form.Item>
  );
}
