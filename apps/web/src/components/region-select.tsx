import { useTranslation } from 'react-i18next';
import { AvailableSelect, type AvailableSelectProps } from './available-select';

export type RegionSelectProps = Omit<AvailableSelectProps, 'resource'>;

/** The picker of active regions (`GET /api/regions/available/`). */
export function RegionSelect({ placeholder, ...rest }: RegionSelectProps) {
  const { t } = useTranslation();
  return <AvailableSelect resource="regions" placeholder={placeholder ?? t('users.region')} {...rest} />;
}
