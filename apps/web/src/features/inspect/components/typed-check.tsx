import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../texts';

/** A mark typed by hand (series and number) when there is no QR to scan; `onCheck` says whether it could be read. */
export function TypedCheck({ onCheck }: { onCheck: (series: string, number: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [typedInvalid, setTypedInvalid] = useState(false);
  return (
    <section className="inspect-typed" aria-labelledby="inspect-typed-title">
      <h2 id="inspect-typed-title">{t('inspect.typedTitle')}</h2>
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { series: string; number: string }) =>
          void onCheck(values.series ?? '', values.number ?? '').then((ok) => setTypedInvalid(!ok))
        }
        data-testid="inspect-typed"
      >
        <div className="inspect-typed-fields">
          <Form.Item name="series" label={t('inspect.series')}>
            <Input size="large" autoCapitalize="characters" autoComplete="off" maxLength={3} />
          </Form.Item>
          <Form.Item name="number" label={t('inspect.number')}>
            <Input size="large" inputMode="numeric" autoComplete="off" maxLength={6} />
          </Form.Item>
        </div>
        {typedInvalid && (
          <Alert type="error" showIcon message={t('inspect.typedInvalid')} data-testid="inspect-typed-invalid" />
        )}
        <Button htmlType="submit" size="large" block data-testid="inspect-check">
          {t('inspect.check')}
        </Button>
      </Form>
    </section>
  );
}
