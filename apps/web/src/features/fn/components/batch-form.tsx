import { fnMessages, maxBatchNumbers, type FnBatch } from '@dnx/shared';
import { Button, Card, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { focusFirstError } from '../../../lib/form-rules';
import { batchFieldOrder, rules, toValues, type BatchFormValues } from './batch-form-values';
import { BatchIssueFields } from './batch-issue-fields';
import { SeriesRangeFields } from './series-range-fields';
import { useBatchSave } from './use-batch-save';
import '../texts';

/** new-fn-create and new-fn-edit/{pk}: a batch of numbers of one series, issued to an operator of a region. */
export function BatchForm({ batch }: { batch?: FnBatch }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchFormValues>();
  const { onFinish, reload, stale, saving } = useBatchSave(form, batch);

  return (
    <Card>
      <StaleVersionAlert stale={stale} form={form} onReload={reload} />
      <Form<BatchFormValues>
        form={form}
        layout="vertical"
        initialValues={toValues(batch)}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) =>
          focusFirstError(
            form,
            errorFields.map((f) => String(f.name[0])),
            batchFieldOrder,
          )
        }
        onValuesChange={(changed: Partial<BatchFormValues>) => {
          // Another region's operator is not a choice: the picker narrows to the region chosen.
          if ('region' in changed) form.setFieldValue('operator', undefined);
        }}
        data-testid="fn-batch-form"
      >
        <SeriesRangeFields
          from="start_number"
          to="finish_number"
          rules={{ series: rules.series, from: rules.start_number, to: rules.finish_number }}
          max={maxBatchNumbers}
          tooMany={fnMessages.tooManyNumbers(maxBatchNumbers)}
          seriesCol={{ xs: 24, md: 8 }}
          numberCol={{ xs: 12, md: 8 }}
          countTestId="fn-range-count"
        />
        <BatchIssueFields batchId={batch?.id} />
        <Flex justify="space-between" gap={8}>
          <Button onClick={() => form.resetFields()} disabled={saving}>
            {t('form.reset')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="fn-batch-save">
            {t('form.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
