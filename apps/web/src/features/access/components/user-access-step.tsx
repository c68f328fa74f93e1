import { userMessages } from '@dnx/shared';
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { AssignWindow } from '../../../components/assign-window/assign-window';
import { useAllGroups } from '../api/list-groups';
import { usePermissions } from '../api/list-permissions';
import { groupRecords, permissionRecords } from './access-records';

/** The access step: groups and permissions, each an assign window, and the confirmation that the data is right. */
export function UserAccessStep() {
  const { t } = useTranslation();
  const groups = useAllGroups();
  const permissions = usePermissions();
  return (
    <>
      <Form.Item name="groups" label={t('users.groups')}>
        <AssignWindow
          records={groupRecords(groups.data ?? [])}
          loading={groups.isLoading}
          data-testid="assign-groups"
        />
      </Form.Item>
      <Form.Item name="user_permissions" label={t('users.permissions')}>
        <AssignWindow
          records={permissionRecords(permissions.data ?? [])}
          loading={permissions.isLoading}
          data-testid="assign-permissions"
        />
      </Form.Item>
      <Form.Item
        name="confirmInfos"
        valuePropName="checked"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (value !== true) throw new Error(userMessages.confirmInfosRequired);
            },
          },
        ]}
      >
        <Checkbox>{t('users.confirmInfos')}</Checkbox>
      </Form.Item>
    </>
  );
}
