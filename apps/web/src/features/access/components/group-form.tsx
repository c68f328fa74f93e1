import { groupInputSchema, type Group } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssignWindow } from '../../../components/assign-window/assign-window';
import { isStaleVersion, StaleVersionAlert } from '../../../components/stale-version-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { schemaRules, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { groupQuery } from '../api/get-group';
import { usePermissions } from '../api/list-permissions';
import { useSaveGroup, type GroupSave } from '../api/save-group';
import { permissionRecords } from './access-records';

interface GroupFormValues {
  name: string;
  permissions: number[];
  mfa_required: boolean;
  passkey_sign_in: boolean;
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
  const queryClient = useQueryClient();
  // The version this form's values come from: sent with the update, refreshed after a save or a reload.
  const [version, setVersion] = useState(group?.version);
  const [stale, setStale] = useState(false);
  // A save or a reload shows the group anew: those values are the saved ones.
  const unsaved = useUnsavedChanges(readOnly ? false : form);

  const showGroup = (shown: Group) => {
    form.resetFields();
    form.setFieldsValue({
      name: shown.name,
      permissions: shown.permissions,
      mfa_required: shown.mfa_required,
      passkey_sign_in: shown.passkey_sign_in,
    });
    unsaved.markSaved();
    setVersion(shown.version);
  };

  const onFinish = (values: GroupFormValues) => {
    const fields = {
      name: values.name.trim(),
      permissions: values.permissions,
      mfa_required: values.mfa_required,
      passkey_sign_in: values.passkey_sign_in,
    };
    const input: GroupSave = group ? { ...fields, id: group.id, version: version ?? group.version } : fields;
    save.mutate(input, {
      onSuccess: (saved) => {
        notifySuccess();
        showGroup(saved);
        onSaved?.(saved);
      },
      onError: (error) => {
        if (isStaleVersion(error)) setStale(true);
        else if (showServerErrors(form, error, ['name', 'permissions']).length === 0) notifyFailure(error);
      },
    });
  };

  /** Someone saved the group meanwhile: the form takes the fresh group and its version. */
  const reload = async () => {
    if (!group) return;
    try {
      showGroup(await queryClient.fetchQuery({ ...groupQuery(group.id), staleTime: 0 }));
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Card>
      <StaleVersionAlert stale={stale} form={form} onReload={reload} />
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
        initialValues={{
          name: group?.name ?? '',
          permissions: group?.permissions ?? [],
          mfa_required: group?.mfa_required ?? false,
          passkey_sign_in: group?.passkey_sign_in ?? false,
        }}
        onFinish={onFinish}
        data-testid="group-form"
      >
        <Form.Item name="name" label={t('groups.name')} required rules={rules.name} style={{ maxWidth: 480 }}>
          <Input />
        </Form.Item>
        <Form.Item name="mfa_required" valuePropName="checked" extra={t('groups.mfaRequiredHelp')}>
          <Checkbox data-testid="group-mfa-required">{t('groups.mfaRequired')}</Checkbox>
        </Form.Item>
        <Form.Item name="passkey_sign_in" valuePropName="checked" extra={t('groups.passkeySignInHelp')}>
          <Checkbox data-testid="group-passkey-sign-in">{t('groups.passkeySignIn')}</Checkbox>
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
