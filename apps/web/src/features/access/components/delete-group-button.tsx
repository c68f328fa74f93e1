import { DeleteOutlined } from '@ant-design/icons';
import type { Group } from '@dnx/shared';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useDeleteGroup } from '../api/delete-group';

/** Deletes one group after a confirmation; role groups have no delete (the server would answer 409). */
export function DeleteGroupButton({ group }: { group: Group }) {
  const { t } = useTranslation();
  const remove = useDeleteGroup();
  return (
    <Popconfirm
      title={t('groups.deleteOne')}
      description={t('groups.deleteConfirm', { name: group.name })}
      okText={t('list.delete')}
      cancelText={t('list.cancel')}
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={() => remove.mutateAsync(group.id).then(notifySuccess, notifyFailure)}
    >
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('groups.deleteOne')}: ${group.name}`}>
        {t('list.delete')}
      </Button>
    </Popconfirm>
  );
}
