import { ClockCircleOutlined, SearchOutlined } from '@ant-design/icons';
import type { SearchResult } from '@dnx/shared';
import { Input, Modal, Typography, type InputRef } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { focusWhenOpened } from '../../../lib/dialog-focus';
import { useRecentSearches, useRememberSearch, useSearch } from '../api/search';
import '../texts';
import './search-palette.css';

const typingDelayMs = 150;

/** One choice of the list: a result to open, or a recent search to run again. */
type Option = { kind: 'result'; result: SearchResult; group: string } | { kind: 'recent'; text: string };

/**
 * The search palette (issue 29): a dialog with one box (a combobox) and the answers grouped by kind below it (a
 * listbox); arrows move through the answers, Enter opens one, Escape closes. With nothing typed it offers the
 * person's recent searches. Loaded the first time it opens.
 */
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  const input = useRef<InputRef>(null);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const remember = useRememberSearch();

  const { q, options, groups, status } = useSearchAnswers(text);
  const current = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${id}-option-${index}`;

  const choose = (option: Option) => {
    if (option.kind === 'recent') {
      setText(option.text);
      setActive(0);
      return;
    }
    remember.mutate(q);
    onClose();
    void navigate(option.result.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[current]!);
    }
  };

  return (
    <Modal
      open
      title={t('search.title')}
      onCancel={onClose}
      // No close button: it was the dialog's first stop, where its focus lock put the focus on opening until the box
      // took it back, so an Enter typed at once closed the palette. Esc and a click outside close it (the hint says so).
      closable={false}
      footer={null}
      width={640}
      destroyOnHidden
      afterOpenChange={(open) => focusWhenOpened(open, input.current)}
      data-testid="search-palette"
      styles={{ body: { paddingTop: 8 } }}
    >
      <Input
        ref={input}
        autoFocus
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
        data-testid="search-input"
      />
      <Typography.Text type="secondary" style={{ display: 'block', margin: '6px 0' }} aria-live="polite">
        {status}
      </Typography.Text>
      <SearchOptions
        listId={`${id}-list`}
        optionId={optionId}
        groupId={(key) => `${id}-${key}`}
        groups={groups}
        options={options}
        current={current}
        onHover={setActive}
        onChoose={choose}
      />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
        {t('search.hint')}
      </Typography.Text>
    </Modal>
  );
}

/** The answers under their group's labels, as a listbox the box points into (aria-activedescendant). */
function SearchOptions({
  listId,
  optionId,
  groupId,
  groups,
  options,
  current,
  onHover,
  onChoose,
}: {
  listId: string;
  optionId: (index: number) => string;
  groupId: (key: string) => string;
  groups: { key: string; label: string; size: number; start: number }[];
  options: Option[];
  current: number;
  onHover: (index: number) => void;
  onChoose: (option: Option) => void;
}) {
  const { t } = useTranslation();
  return (
    <div id={listId} role="listbox" aria-label={t('search.title')} className="search-results">
      {groups.map((group) => (
        <div key={group.key} role="group" aria-labelledby={groupId(group.key)}>
          <div id={groupId(group.key)} className="search-group-label" role="presentation">
            {group.label}
          </div>
          {Array.from({ length: group.size }, (_, offset) => {
            const at = group.start + offset;
            const option = options[at]!;
            const selected = at === current;
            return (
              <div
                key={at}
                id={optionId(at)}
                role="option"
                aria-selected={selected}
                className={selected ? 'search-option search-option-active' : 'search-option'}
                onMouseMove={() => onHover(at)}
                onClick={() => onChoose(option)}
                data-testid="search-option"
              >
                {option.kind === 'recent' ? (
                  <span>
                    <ClockCircleOutlined aria-hidden /> {option.text}
                  </span>
                ) : (
                  <>
                    <span className="search-option-title">{option.result.title}</span>
                    <span className="search-option-subtitle">{option.result.subtitle}</span>
                  </>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * What the palette offers for the text typed: after a pause, the answers of the search (two letters at least), else
 * the recent searches; the options in their groups and the line that says how many were found.
 */
function useSearchAnswers(text: string) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), typingDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  const answer = useSearch(q);
  const recent = useRecentSearches();
  const searching = q.length >= 2;
  const options = useMemo<Option[]>(
    () =>
      searching
        ? (answer.data?.groups ?? []).flatMap((g) =>
            g.results.map((result) => ({ kind: 'result' as const, result, group: g.label })),
          )
        : (recent.data?.results ?? []).map((recentText) => ({ kind: 'recent' as const, text: recentText })),
    [searching, answer.data, recent.data],
  );
  // The options under their group's label: each group's first option's place among all of them.
  const sizes = searching
    ? (answer.data?.groups ?? []).map((g) => ({ key: g.kind as string, label: g.label, size: g.results.length }))
    : options.length > 0
      ? [{ key: 'recent', label: t('search.recent'), size: options.length }]
      : [];
  const groups = sizes.map((group, i) => ({
    ...group,
    start: sizes.slice(0, i).reduce((sum, g) => sum + g.size, 0),
  }));
  const status = !searching
    ? options.length === 0
      ? t('search.noRecent')
      : ''
    : answer.isFetching && !answer.data
      ? ''
      : options.length === 0
        ? t('search.nothing')
        : t('search.found', { count: options.length });

  return { q, options, groups, status };
}
