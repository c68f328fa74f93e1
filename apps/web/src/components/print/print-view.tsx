import { PrinterOutlined } from '@ant-design/icons';
import { formatBakuDateTime } from '@dnx/shared';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './print.css';
import './texts';

/** Who prints: the signed-in user's name and e-mail. */
export interface Printer {
  first_name: string;
  last_name: string;
  email: string;
}

/** The moment of printing: the screen's opening, then the moment the browser prepares the print (Ctrl+P too). */
function usePrintMoment(): Date {
  const [at, setAt] = useState(() => new Date());
  useEffect(() => {
    // Flushed at once: the browser lays the print out right after this event, before React's next render.
    const update = () => flushSync(() => setAt(new Date()));
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return at;
}

/**
 * What a printed screen carries on top, on paper only (print.css): the app, the screen's title, when it was
 * printed (Baku time, whatever the machine's clock zone) and by whom.
 */
export function PrintHeader({ title, user }: { title: string; user: Printer | undefined }) {
  const { t } = useTranslation();
  const at = usePrintMoment();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return (
    <div className="print-only print-header" data-testid="print-header">
      <div className="print-header-app">{t('common.appName')}</div>
      <div className="print-header-title" data-testid="print-title">
        {title}
      </div>
      <div className="print-header-meta">
        <span data-testid="print-time">
          {t('print.printedAt')}: {formatBakuDateTime(at)} ({t('print.bakuTime')})
        </span>
        {user && (
          <span data-testid="print-user">
            {t('print.printedBy')}: {name ? `${name} (${user.email})` : user.email}
          </span>
        )}
      </div>
    </div>
  );
}

/** "Çap et": the browser's print of the screen as it stands (the same as Ctrl+P); on screen only. */
export function PrintButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<PrinterOutlined />}
      onClick={() => window.print()}
      disabled={disabled}
      className="no-print"
      data-testid="print-button"
    >
      {t('print.button')}
    </Button>
  );
}
