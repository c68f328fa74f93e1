import type { ForPaymentForm } from '@dnx/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personLabel, useInspectors } from '../../../lib/people-by-role';
import type { InspectorOption } from './inspector-select';
import type { InspectorChoice } from './payment-row-service';

/**
 * The inspectors a row may name: the region's (whoever builds a payment, add_payment, may list them) and those the
 * picked forms brought, so a saved inspector shows by name while the list loads.
 */
export function useRowInspectors(region: number | undefined) {
  const { t } = useTranslation();
  const inspectors = useInspectors(region, region !== undefined);
  // A form shared to an inspector names them.
  const [formInspectors, setFormInspectors] = useState<InspectorOption[]>([]);
  const choice = useMemo<InspectorChoice>(() => {
    const listed = (inspectors.data ?? []).map((p) => ({ value: p.id, label: personLabel(p) }));
    const options = [...listed, ...formInspectors.filter((f) => !listed.some((o) => o.value === f.value))];
    const notFound =
      region === undefined ? t('fn.chooseRegionFirst') : inspectors.isError ? t('common.unavailable') : undefined;
    return { options, loading: inspectors.isLoading, notFound };
  }, [inspectors.data, inspectors.isLoading, inspectors.isError, formInspectors, region, t]);

  /** A picked form's inspector joins the choice. */
  const addFormInspector = ({ inspector, inspector_name: name }: ForPaymentForm) => {
    if (inspector !== null && name)
      setFormInspectors((known) =>
        known.some((k) => k.value === inspector) ? known : [...known, { value: inspector, label: name }],
      );
  };
  return { choice, addFormInspector };
}
