import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SearchPalette = lazy(() => import('./search-palette'));

// The magnifier drawn here: the icon library's chunk would be the first screen's only use of it (its JS budget).
const searchIcon = (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m15.5 15.5 5 5" strokeLinecap="round" />
  </svg>
);

const kbdStyle = {
  marginLeft: 8,
  padding: '0 4px',
  border: '1px solid #c9d1db',
  borderRadius: 4,
  fontSize: 11,
  fontFamily: 'inherit',
  color: '#4a5565',
};

/** The header's search: a button that opens the palette, and Ctrl+K (Cmd+K) from anywhere. */
export function SearchTrigger({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        icon={searchIcon}
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        aria-label={compact ? t('list.search') : undefined}
        data-testid="search-open"
      >
        {!compact && (
          <>
            {t('list.search')}{' '}
            <kbd className="search-trigger-key" style={kbdStyle}>
              Ctrl K
            </kbd>
          </>
        )}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SearchPalette onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
