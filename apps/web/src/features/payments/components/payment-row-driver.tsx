import { applyDriverLookup, applyLicenceLookup, displayDateFormat } from '@dnx/shared';
import { Col, Input, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { lookupDriver, lookupLicence } from '../api/payments';
import { RowField, type RowFieldsProps } from './payment-row-field';
import type { RowDraft } from './payment-rows';

/** The driver's fields of a row: the FIN and the licence (each looked up), the name, the licence's categories. */
export function PaymentRowDriver({ row, index, errors, onChange, lookupButton }: RowFieldsProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<RowDraft>) => onChange({ ...row, ...patch });
  const field = { index, errors };
  return (
    <>
      <RowField {...field} name="driver_fin" label={t('payments.driverFin')} span={4}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id={`row-${index}-driver_fin`}
            value={row.driver_fin}
            onChange={(e) => set({ driver_fin: e.target.value.toUpperCase() })}
            maxLength={7}
          />
          {lookupButton('driver', row.driver_fin, async () =>
            applyDriverLookup(row, await lookupDriver(row.driver_fin.trim())),
          )}
        </Space.Compact>
      </RowField>
      <RowField {...field} name="driver_full_name" label={t('payments.driverName')} span={6}>
        <Input
          id={`row-${index}-driver_full_name`}
          value={row.driver_full_name}
          onChange={(e) => set({ driver_full_name: e.target.value })}
        />
      </RowField>
      <RowField {...field} name="driving_license_number" label={t('payments.licence')} span={4}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id={`row-${index}-driving_license_number`}
            value={row.driving_license_number}
            onChange={(e) => set({ driving_license_number: e.target.value.toUpperCase() })}
            maxLength={8}
          />
          {lookupButton('licence', row.driving_license_number, async () =>
            applyLicenceLookup(row, await lookupLicence(row.driving_license_number.trim())),
          )}
        </Space.Compact>
      </RowField>
      <Col xs={24} sm={12} md={4}>
        <Typography.Text type="secondary" data-testid={`row-${index}-licence`}>
          {row.driving_license_categories.join(', ')}
          {row.driving_license_expire_date
            ? ` · ${dayjs(row.driving_license_expire_date).format(displayDateFormat)}`
            : ''}
        </Typography.Text>
      </Col>
    </>
  );
}
