import { DeleteOutlined } from '@ant-design/icons';
import type { Group } from '@dnx/shared';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useDeleteConfirmation } from '../../../components/delete-confirmation';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useDeleteGroup } from '../api/delete-group';

type Confirm = ReturnType<typeof useDeleteConfirmation>[0];

/**
 * Deletes one group after a confirmation; role groups have no delete (the server would answer 409). The
 * confirmation comes from the screen, so it outlives the row it removes.
 */
export function DeleteGroupButton({ group, confirm }: { group: Group; confirm: Confirm }) {
  const { t } = useTranslation();
  const remove = useDeleteGroup();
  const onClick = () =>
    confirm({
      title: t('groups.deleteOne'),
      content: t('groups.deleteConfirm', { name: group.name }),
      onOk: () => remove.mutateAsync(group.id).then(notifySuccess, notifyFailure),
    });
  return (
    <Button
      size="small"
      danger
      icon={<DeleteOutlined />}
      loading={remove.isPending}
      onClick={onClick}
      aria-label={`${t('groups.deleteOne')}: ${group.name}`}
    >
      {t('list.delete')}
    </Button>
  );
}
