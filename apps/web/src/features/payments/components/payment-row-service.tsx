import { validityMonths } from '@dnx/shared';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { InspectorSelect, type InspectorOption } from './inspector-select';
import { RowField, type RowFieldsProps } from './payment-row-field';
import type { RowDraft } from './payment-rows';

/** The inspectors a row may name: the region's (when the user may list them) and those the picked forms brought. */
export interface InspectorChoice {
  options: readonly InspectorOption[];
  loading: boolean;
  notFound?: string;
}

/** What the row's form is issued for: the inspector, the route and its sectors, the months, the coefficient. */
export function PaymentRowService({
  row,
  index,
  errors,
  onChange,
  inspectors,
}: Omit<RowFieldsProps, 'lookupButton'> & { inspectors: InspectorChoice }) {
  const { t } = useTranslation();
  const set = (patch: Partial<RowDraft>) => onChange({ ...row, ...patch });
  const field = { index, errors };
  return (
    <>
      <RowField {...field} name="inspector" label={t('payments.inspector')}>
        <InspectorSelect
          id={`row-${index}-inspector`}
          value={row.inspector}
          onChange={(inspector) => set({ inspector })}
          options={inspectors.options}
          loading={inspectors.loading}
          notFound={inspectors.notFound}
          data-testid={`row-${index}-inspector`}
        />
      </RowField>
      <RowField {...field} name="bus_route_name" label={t('payments.busRouteName')}>
        <Input
          id={`row-${index}-bus_route_name`}
          value={row.bus_route_name}
          onChange={(e) => set({ bus_route_name: e.target.value })}
        />
      </RowField>
      <RowField {...field} name="bus_route_number" label={t('payments.busRouteNumber')} span={3}>
        <Input
          id={`row-${index}-bus_route_number`}
          value={row.bus_route_number}
          onChange={(e) => set({ bus_route_number: e.target.value })}
        />
      </RowField>
      <RowField {...field} name="work_sectors" label={t('payments.workSectors')} span={9}>
        <Input
          id={`row-${index}-work_sectors`}
          value={row.work_sectors}
          onChange={(e) => set({ work_sectors: e.target.value })}
        />
      </RowField>
      <RowField {...field} name="expire_date" label={t('payments.months')} span={3}>
        <Select
          id={`row-${index}-expire_date`}
          value={row.expire_date}
          onChange={(v) => set({ expire_date: v })}
          options={validityMonths.map((m) => ({ value: m, label: t('payments.monthsCount', { count: m }) }))}
        />
      </RowField>
      <RowField {...field} name="coefficient" label={t('fn.coefficient')} span={3}>
        <Input id={`row-${index}-coefficient`} value={row.coefficient} readOnly />
      </RowField>
    </>
  );
}
