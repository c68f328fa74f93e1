import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './texts';

const searchDelayMs = 400;

export interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
  /** The list's search box by default; a text filter names its field. */
  placeholder?: string;
  'data-testid'?: string;
  width?: number | string;
}

/**
 * Debounces typed text into the URL (the search box, a text filter); a new value from outside (back button)
 * replaces what is typed.
 */
export function SearchBox({ value, onSearch, placeholder, width = 260, ...rest }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <Input.Search
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
      // Leaving the box applies what is typed at once, so a pending search cannot undo a click that follows.
      onBlur={() => text.trim() !== value && onSearch(text.trim())}
      placeholder={placeholder ?? t('list.search')}
      aria-label={placeholder ?? t('list.search')}
      style={{ width }}
      data-testid={rest['data-testid'] ?? 'list-search'}
    />
  );
}
