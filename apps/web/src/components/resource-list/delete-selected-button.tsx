import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import './texts';

/** "Delete selected (3)": asks before the selected rows are deleted. */
export function DeleteSelectedButton({
  count,
  deleting,
  onClick,
}: {
  count: number;
  deleting: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      disabled={count === 0}
      loading={deleting}
      onClick={onClick}
      data-testid="delete-selected"
    >
      {t('list.deleteSelected', { count })}
    </Button>
  );
}
