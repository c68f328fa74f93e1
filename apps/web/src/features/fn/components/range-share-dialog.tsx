import { RollbackOutlined, ShareAltOutlined } from '@ant-design/icons';
import { fnMessages, fnShareSchema, maxFormsPerMove } from '@dnx/shared';
import { Button, Flex, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRules } from '../../../lib/form-rules';
import { PersonSelect } from '../../../components/person-select';
import { SeriesRangeFields } from './series-range-fields';
import { useRangeMove, type RangeValues } from './use-range-move';

const rules = schemaRules(fnShareSchema.shape);

/**
 * Shares a range of one series to an inspector, or takes it back: every form of the range must be active (share)
 * or shared to that inspector (take back), else nothing moves and the server says why.
 */
export function RangeShareDialog({
  open,
  inspector,
  onClose,
}: {
  open: boolean;
  inspector: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RangeValues>();
  const { submit, pending, lastMoved, clearLastMoved } = useRangeMove(form);

  return (
    <Modal
      open={open}
      title={t('fn.rangeShareTitle')}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Flex gap={8} wrap>
            <Button
              icon={<RollbackOutlined />}
              loading={pending === 'unshare'}
              disabled={pending === 'share'}
              onClick={() => void submit('unshare')}
              data-testid="fn-range-unshare"
            >
              {t('fn.takeBack')}
            </Button>
            <Button
              type="primary"
              icon={<ShareAltOutlined />}
              loading={pending === 'share'}
              disabled={pending === 'unshare'}
              onClick={() => void submit('share')}
              data-testid="fn-range-share"
            >
              {t('fn.share')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('fn.rangeShareText')}</Typography.Paragraph>
      <Form<RangeValues>
        form={form}
        layout="vertical"
        initialValues={{ inspector, series: '', number_from: '', number_to: '' }}
        onValuesChange={clearLastMoved}
        clearOnDestroy
        data-testid="fn-range-form"
      >
        <Form.Item name="inspector" label={t('fn.inspector')} required rules={rules.inspector}>
          <PersonSelect kind="inspectors" placeholder={t('fn.inspector')} />
        </Form.Item>
        <SeriesRangeFields
          from="number_from"
          to="number_to"
          rules={{ series: rules.series, from: rules.number_from, to: rules.number_to }}
          max={maxFormsPerMove}
          tooMany={fnMessages.tooManyForms(maxFormsPerMove)}
          seriesCol={{ xs: 24, sm: 6 }}
          numberCol={{ xs: 12, sm: 9 }}
          countTestId="fn-share-range-count"
        />
        {lastMoved && (
          <Typography.Paragraph style={{ marginTop: 12 }} data-testid="fn-range-moved" aria-live="polite">
            {t(lastMoved.move === 'share' ? 'fn.rangeShared' : 'fn.rangeTakenBack', { count: lastMoved.count })}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}
