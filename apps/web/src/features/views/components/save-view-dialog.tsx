import { mayShareViews, viewNameMaxLength, type SavedViewInput } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, toast } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api/current-user';
import { useSaveView } from '../api/views';

interface SaveViewValues {
  name: string;
  keepColumns: boolean;
  is_default: boolean;
  shared_with: number[];
}

export interface SaveViewDialogProps {
  open: boolean;
  onClose: () => void;
  list: string;
  query: Record<string, string>;
  /** The columns shown now; null when they are the person's own defaults. */
  columns: readonly string[] | null;
}

/** The groups an administrator may share with (`GET /api/user/groups/?no_page=1`). */
function useShareGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['groups', 'all'],
    queryFn: async ({ signal }) => {
      const body = await apiRequest<{ results: { id: number; name: string }[] } | { id: number; name: string }[]>(
        '/api/user/groups/',
        { query: { no_page: 1 }, signal },
      );
      return Array.isArray(body) ? body : body.results;
    },
    enabled,
  });
}

/** Saves what the list shows now as a named view; an administrator may share it with groups. */
export function SaveViewDialog({ open, onClose, list, query, columns }: SaveViewDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SaveViewValues>();
  const me = useCurrentUser();
  const mayShare = mayShareViews((me?.groups ?? []).map((g) => g.code));
  const groups = useShareGroups(open && mayShare);
  const save = useSaveView(list);

  const submit = async (values: SaveViewValues) => {
    const input: SavedViewInput = {
      list,
      name: values.name,
      query,
      columns: values.keepColumns && columns ? [...columns] : null,
      shared_with: mayShare ? (values.shared_with ?? []) : [],
      is_default: values.is_default,
    };
    try {
      await save.mutateAsync({ input });
      toast.success(t('views.saved'));
      form.resetFields();
      onClose();
    } catch (error) {
      const placed = showServerErrors(form, error, ['name', 'shared_with', 'is_default']);
      if (placed.length === 0) notifyFailure(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('views.saveTitle')}
      okText={t('views.save')}
      cancelText={t('views.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      data-testid="save-view-dialog"
    >
      <Typography.Paragraph type="secondary">{t('views.saveHelp')}</Typography.Paragraph>
      <Form<SaveViewValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={{ keepColumns: columns !== null, is_default: false, shared_with: [] }}
      >
        <Form.Item
          name="name"
          label={t('views.name')}
          rules={[{ required: true, whitespace: true, message: t('views.name') }, { max: viewNameMaxLength }]}
        >
          <Input autoFocus maxLength={viewNameMaxLength} data-testid="view-name" />
        </Form.Item>
        {columns !== null && (
          <Form.Item name="keepColumns" valuePropName="checked">
            <Checkbox>{t('views.keepColumns')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="is_default" valuePropName="checked">
          <Checkbox data-testid="view-default">{t('views.isDefault')}</Checkbox>
        </Form.Item>
        {mayShare && (
          <Form.Item name="shared_with" label={t('views.shareWith')} extra={t('views.shareHelp')}>
            <Select
              mode="multiple"
              allowClear
              loading={groups.isLoading}
              options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              optionFilterProp="label"
              data-testid="view-share"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
