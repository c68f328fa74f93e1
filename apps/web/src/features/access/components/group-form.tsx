import { groupInputSchema, type Group, type GroupInput } from '@dnx/shared';
import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssignWindow } from '../../../components/assign-window/assign-window';
import { applyServerErrors, schemaRules } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../api/list-permissions';
import { useSaveGroup } from '../api/save-group';
import { permissionRecords } from './access-records';

interface GroupFormValues {
  name: string;
  permissions: number[];
}

const rules = schemaRules(groupInputSchema.shape);

/**
 * A group's name and permissions (the assign window, grouped by resource and searchable). The six role groups
 * show read-only: their permissions are the access matrix, and the server refuses changes with 409.
 */
export function GroupForm({ group, onSaved }: { group?: Group; onSaved?: (group: Group) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupFormValues>();
  const permissions = usePermissions();
  const save = useSaveGroup();
  const readOnly = Boolean(group?.code);

  const onFinish = (values: GroupFormValues) => {
    const input: GroupInput & { id?: number } = {
      id: group?.id,
      name: values.name.trim(),
      permissions: values.permissions,
    };
    save.mutate(input, {
      onSuccess: (saved) => {
        notifySuccess();
        form.resetFields();
        form.setFieldsValue({ name: saved.name, permissions: saved.permissions });
        onSaved?.(saved);
      },
      onError: (error) => {
        if (applyServerErrors(form, error, ['name', 'permissions']).length === 0) notifyFailure(error);
      },
    });
  };

  return (
    <Card>
      {readOnly && (
        <Alert
          type="warning"
          showIcon
          message={t('groups.roleReadOnly')}
          style={{ marginBottom: 16 }}
          data-testid="role-group-note"
        />
      )}
      <Form<GroupFormValues>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={{ name: group?.name ?? '', permissions: group?.permissions ?? [] }}
        onFinish={onFinish}
        data-testid="group-form"
      >
        <Form.Item name="name" label={t('groups.name')} required rules={rules.name} style={{ maxWidth: 480 }}>
          <Input />
        </Form.Item>
        <Form.Item name="permissions" label={t('groups.permissions')} rules={rules.permissions}>
          <AssignWindow
            records={permissionRecords(permissions.data ?? [])}
            loading={permissions.isLoading}
            data-testid="assign-group-permissions"
          />
        </Form.Item>
        {!readOnly && (
          <Flex justify="space-between" gap={8}>
            <Button onClick={() => form.resetFields()} disabled={save.isPending}>
              {t('form.reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="group-form-save">
              {t('form.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
