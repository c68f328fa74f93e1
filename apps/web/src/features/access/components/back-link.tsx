import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to}>
      <Button icon={<ArrowLeftOutlined />}>{t('form.back')}</Button>
    </Link>
  );
}
