import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import '../texts';

/**
 * A mark typed by hand (series and number) when there is no QR to scan; `invalid`: what was typed cannot be a mark
 * (the look-up says so, and clears it at the next look-up, a scan too).
 */
export function TypedCheck({
  onCheck,
  invalid,
}: {
  onCheck: (series: string, number: string) => Promise<void>;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="inspect-typed" aria-labelledby="inspect-typed-title">
      <h2 id="inspect-typed-title">{t('inspect.typedTitle')}</h2>
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(values: { series: string; number: string }) =>
          void onCheck(values.series ?? '', values.number ?? '')
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
        {invalid && (
          <Alert type="error" showIcon message={t('inspect.typedInvalid')} data-testid="inspect-typed-invalid" />
        )}
        <Button htmlType="submit" size="large" block data-testid="inspect-check">
          {t('inspect.check')}
        </Button>
      </Form>
    </section>
  );
}
