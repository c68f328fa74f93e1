import { useTranslation } from 'react-i18next';
import { focusMainContent, mainContentId } from '../../lib/page-focus';

/**
 * "Əsas məzmuna keç": the first stop of Tab on every signed-in screen, shown only while it has the focus.
 * It moves the focus itself rather than following the `#` (the router would treat the hash as a navigation).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${mainContentId}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        focusMainContent();
      }}
      data-testid="skip-link"
    >
      {t('common.skipToContent')}
    </a>
  );
}
