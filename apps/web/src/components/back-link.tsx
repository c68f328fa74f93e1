import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './link-button';

export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <LinkButton to={to} icon={<ArrowLeftOutlined />}>
      {t('form.back')}
    </LinkButton>
  );
}
