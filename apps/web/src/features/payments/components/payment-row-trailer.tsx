import {
  apiDateFormat,
  chooseRightOfUse,
  displayDateFormat,
  rightKinds,
  setTrailerLoad,
  type RightKindId,
} from '@dnx/shared';
import { Checkbox, DatePicker, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { day } from './payment-header-values';
import { RowField, type RowFieldsProps } from './payment-row-field';
import type { RowDraft } from './payment-rows';

/** The vehicle's right of use and its expiry, and its trailer: plate, load, and whether the vehicle's load counts. */
export function PaymentRowTrailer({ row, index, errors, onChange }: Omit<RowFieldsProps, 'lookupButton'>) {
  const { t } = useTranslation();
  const set = (patch: Partial<RowDraft>) => onChange({ ...row, ...patch });
  const field = { index, errors };
  return (
    <>
      <RowField {...field} name="right_of_use" label={t('payments.rightOfUse')} span={5}>
        <Select<RightKindId>
          id={`row-${index}-right_of_use`}
          value={row.right_of_use ?? undefined}
          onChange={(v) => onChange(chooseRightOfUse(row, v ?? null))}
          allowClear
          options={rightKinds.map((k) => ({ value: k.id, label: k.label }))}
          data-testid={`row-${index}-right`}
        />
      </RowField>
      <RowField {...field} name="right_of_use_expire_date" label={t('payments.rightExpiry')} span={3}>
        <DatePicker
          id={`row-${index}-right_of_use_expire_date`}
          value={day(row.right_of_use_expire_date)}
          onChange={(d) => set({ right_of_use_expire_date: d ? d.format(apiDateFormat) : null })}
          format={displayDateFormat}
          disabled={row.right_of_use === 1}
          style={{ width: '100%' }}
        />
      </RowField>
      <RowField {...field} name="trailer_plate" label={t('payments.trailerPlate')} span={4}>
        <Input
          id={`row-${index}-trailer_plate`}
          value={row.trailer_plate}
          onChange={(e) => set({ trailer_plate: e.target.value.toUpperCase() })}
          maxLength={20}
        />
      </RowField>
      <RowField {...field} name="trailer_load_carrying_capacity" label={t('payments.trailerLoad')} span={4}>
        <Input
          id={`row-${index}-trailer_load_carrying_capacity`}
          value={row.trailer_load_carrying_capacity}
          onChange={(e) => onChange(setTrailerLoad(row, e.target.value))}
          inputMode="decimal"
        />
      </RowField>
      <RowField {...field} name="count_vehicle_load" label={t('payments.countVehicleLoad')} span={4}>
        <Checkbox
          id={`row-${index}-count_vehicle_load`}
          checked={row.count_vehicle_load}
          onChange={(e) => set({ count_vehicle_load: e.target.checked })}
        >
          {t('payments.countVehicleLoadShort')}
        </Checkbox>
      </RowField>
    </>
  );
}
