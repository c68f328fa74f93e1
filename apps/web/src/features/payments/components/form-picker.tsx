import { PlusOutlined } from '@ant-design/icons';
import type { ForPaymentForm } from '@dnx/shared';
import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFreeForms } from '../api/payments';

/** Picks a free form of the region (series and number) and adds its row, priced as its batch was issued. */
export function FormPicker(props: {
  taken: readonly number[];
  region?: number;
  onAdd: (form: ForPaymentForm) => void;
}) {
  const { taken, onAdd } = props;
  const { t } = useTranslation();
  const [series, setSeries] = useState('');
  const [number, setNumber] = useState('');
  const [chosen, setChosen] = useState<number>();
  const forms = useFreeForms(series.trim().toUpperCase(), number.trim(), props.region);
  const options = (forms.data ?? []).filter((f) => !taken.includes(f.id));
  const add = () => {
    const form = options.find((f) => f.id === chosen);
    if (!form) return;
    onAdd(form);
    setChosen(undefined);
  };
  return (
    <Flex gap={8} wrap align="end" data-testid="payment-form-picker">
      <label>
        <div>{t('fn.series')}</div>
        <Input value={series} onChange={(e) => setSeries(e.target.value)} maxLength={3} style={{ width: 90 }} />
      </label>
      <label>
        <div>{t('fn.number')}</div>
        <Input value={number} onChange={(e) => setNumber(e.target.value)} maxLength={6} style={{ width: 110 }} />
      </label>
      <Select<number>
        aria-label={t('payments.freeForm')}
        placeholder={t('payments.freeForm')}
        value={chosen}
        onChange={setChosen}
        loading={forms.isLoading}
        options={options.map((f) => ({ value: f.id, label: `${f.series} ${f.number}` }))}
        style={{ minWidth: 200 }}
        data-testid="payment-free-form"
      />
      <Button
        icon={<PlusOutlined />}
        onClick={add}
        disabled={chosen === undefined}

        data-testid="payment-add-row"
      >
        {t('payments.addRow')}
      </Button>
    </Flex>
  );
}
