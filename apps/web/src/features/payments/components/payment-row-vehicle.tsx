import { applyOwnerToRow, applyVehicleLookup } from '@dnx/shared';
import { Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { lookupVehicle } from '../api/payments';
import { RowField, type RowFieldsProps } from './payment-row-field';
import type { RowDraft } from './payment-rows';

/** The vehicle's fields of a row: plate (looked up), model, type, seats and load, owner. */
export function PaymentRowVehicle({
  row,
  index,
  errors,
  onChange,
  lookupButton,
  ownerCode,
}: RowFieldsProps & { ownerCode: string }) {
  const { t } = useTranslation();
  const set = (patch: Partial<RowDraft>) => onChange({ ...row, ...patch });
  const field = { index, errors };
  return (
    <>
      <RowField {...field} name="plate" label={t('payments.plate')}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id={`row-${index}-plate`}
            value={row.plate}
            onChange={(e) => set({ plate: e.target.value.toUpperCase() })}
            placeholder="10-AA-123"
            maxLength={10}
          />
          {lookupButton('plate', row.plate, async () =>
            applyVehicleLookup(row, await lookupVehicle(row.plate.trim()), ownerCode),
          )}
        </Space.Compact>
      </RowField>
      <RowField {...field} name="brand_model" label={t('payments.brandModel')}>
        <Input
          id={`row-${index}-brand_model`}
          value={row.brand_model}
          onChange={(e) => set({ brand_model: e.target.value })}
        />
      </RowField>
      <RowField {...field} name="bus_type" label={t('payments.busType')} span={4}>
        <Input
          id={`row-${index}-bus_type`}
          value={row.bus_type}
          onChange={(e) => set({ bus_type: e.target.value })}
          maxLength={100}
        />
      </RowField>
      <RowField {...field} name="seats_count" label={t('payments.seats')} span={4}>
        <InputNumber
          id={`row-${index}-seats_count`}
          min={0}
          max={1000}
          precision={0}
          value={row.seats_count}
          onChange={(v) => set({ seats_count: v ?? 0 })}
          style={{ width: '100%' }}
        />
      </RowField>
      <RowField {...field} name="load_carrying_capacity" label={t('payments.load')} span={4}>
        <Input
          id={`row-${index}-load_carrying_capacity`}
          value={row.load_carrying_capacity}
          onChange={(e) => set({ load_carrying_capacity: e.target.value })}
          inputMode="decimal"
        />
      </RowField>
      <RowField {...field} name="base_carrier_pin" label={t('payments.carrierPin')} span={4}>
        <Input
          id={`row-${index}-base_carrier_pin`}
          value={row.base_carrier_pin}
          onChange={(e) => onChange(applyOwnerToRow({ ...row, base_carrier_pin: e.target.value.trim() }, ownerCode))}
        />
      </RowField>
    </>
  );
}
