import { mayShareViews, viewNameMaxLength, type SavedView, type SavedViewInput } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, toast } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { useSaveView } from '../api/views';

export interface ViewFormValues {
  name: string;
  /** Editing: the view takes the list's filters, sort and columns as they are now, instead of keeping its own. */
  takeCurrent: boolean;
  keepColumns: boolean;
  is_default: boolean;
  shared_with: number[];
}

/** What a view is saved from: the list's parameters and the columns shown now (null: the person's defaults). */
export interface ViewSource {
  list: string;
  query: Record<string, string>;
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

const useMayShare = () => mayShareViews((useCurrentUser()?.groups ?? []).map((g) => g.code));

/**
 * Saves the form as a new view (`POST /api/views/`) or as `view` (`PUT /api/views/{id}/`): a new view takes the
 * list as it is now; an edited one keeps its own filters and columns unless "takeCurrent" is ticked.
 */
export function useSubmitView(
  form: FormInstance<ViewFormValues>,
  source: ViewSource,
  view: SavedView | null,
  done: () => void,
) {
  const { t } = useTranslation();
  const mayShare = useMayShare();
  const save = useSaveView(source.list);
  const submit = async (values: ViewFormValues) => {
    const current = !view || values.takeCurrent;
    const input: SavedViewInput = {
      list: source.list,
      name: values.name,
      query: current ? source.query : view.query,
      columns: current ? (values.keepColumns && source.columns ? [...source.columns] : null) : view.columns,
      shared_with: mayShare ? (values.shared_with ?? []) : [],
      is_default: values.is_default,
    };
    try {
      await save.mutateAsync({ id: view?.id, input });
      toast.success(t(view ? 'views.updated' : 'views.saved'));
      form.resetFields();
      done();
    } catch (error) {
      const placed = showServerErrors(form, error, ['name', 'shared_with', 'is_default']);
      if (placed.length === 0) notifyFailure(error);
    }
  };
  return { submit, pending: save.isPending };
}

/** A view's fields: its name, whether it is the person's default, the groups it is shared with (administrators). */
export function ViewForm({
  form,
  source,
  view,
  onFinish,
}: {
  form: FormInstance<ViewFormValues>;
  source: ViewSource;
  view: SavedView | null;
  onFinish: (values: ViewFormValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const mayShare = useMayShare();
  const groups = useShareGroups(mayShare);
  const takeCurrent = Form.useWatch('takeCurrent', form) ?? false;
  const hasColumns = source.columns !== null;
  return (
    <>
      <Typography.Paragraph type="secondary">{t(view ? 'views.editHelp' : 'views.saveHelp')}</Typography.Paragraph>
      <Form<ViewFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void onFinish(values)}
        initialValues={{
          name: view?.name,
          takeCurrent: false,
          keepColumns: hasColumns,
          is_default: view?.is_default ?? false,
          shared_with: view?.shared_with ?? [],
        }}
      >
        <Form.Item
          name="name"
          label={t('views.name')}
          rules={[{ required: true, whitespace: true, message: t('views.name') }, { max: viewNameMaxLength }]}
        >
          <Input autoFocus maxLength={viewNameMaxLength} data-testid="view-name" />
        </Form.Item>
        {view && (
          <Form.Item name="takeCurrent" valuePropName="checked">
            <Checkbox data-testid="view-take-current">{t('views.takeCurrent')}</Checkbox>
          </Form.Item>
        )}
        {(!view || takeCurrent) && hasColumns && (
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
    </>
  );
}
