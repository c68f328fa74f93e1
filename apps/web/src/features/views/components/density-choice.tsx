import type { ListDensity } from '@dnx/shared';
import { Segmented, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's density, comfortable or compact, under its visible label. */
export function DensityChoice({
  density,
  onDensity,
}: {
  density: ListDensity;
  onDensity: (density: ListDensity) => void;
}) {
  const { t } = useTranslation();
  const densityLabel = useId();
  return (
    <div>
      <Typography.Text strong id={densityLabel} style={{ display: 'block', marginBottom: 8 }}>
        {t('views.density')}
      </Typography.Text>
      <Segmented<ListDensity>
        value={density}
        onChange={onDensity}
        options={[
          { value: 'comfortable', label: t('views.comfortable') },
          { value: 'compact', label: t('views.compact') },
        ]}
        aria-labelledby={densityLabel}
        data-testid="density"
      />
    </div>
  );
}
