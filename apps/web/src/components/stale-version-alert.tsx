import { isStaleVersionBody, versionMessages } from '@dnx/shared';
import { Alert, Button, Flex, Popconfirm, type ButtonProps } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { editConflict, pickValues, type EditConflict } from '../lib/edit-conflict';
import { formBaseline } from './unsaved-changes';

/** A save refused because someone else saved the record after this form loaded it (409 `stale_version`). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && isStaleVersionBody(error.body);
}

type Values = Record<string, unknown>;

/** A field's label as its form shows it (Ant Design's `<label for>`), or its name. */
const labelOf = (name: string, labels?: Record<string, string>) =>
  labels?.[name] ?? document.querySelector(`label[for="${CSS.escape(name)}"]`)?.textContent?.trim() ?? name;

/**
 * The refused save (issue 56), where the person is looking: the form's own warning, scrolled into view. The fresh
 * record is loaded at once (`onReload`, the form's own), the fields the other person changed are named and shown,
 * and what this person typed is put back on the form, so nothing typed is lost; they check and save again, or take
 * the other person's values after confirming. Every form with a version uses it: `stale` is its 409, `form` its
 * values (registered with `useUnsavedChanges`, whose baseline is what the form loaded).
 */
export function StaleVersionAlert({
  stale,
  form,
  onReload,
  labels,
  askFirst,
}: {
  stale: boolean;
  form: FormInstance;
  /** Reads the record again and shows it on the form (its version too); the form's `stale` is then false. */
  onReload: () => Promise<unknown>;
  labels?: Record<string, string>;
  /**
   * True when the form holds typed work this alert cannot put back after the reload (a payment's rows): then the
   * record is loaded only once the person agrees to lose it.
   */
  askFirst?: () => boolean;
}) {
  const [shown, setShown] = useState<{ conflict: EditConflict; fresh: Values } | null>(null);
  const ref = useRef<HTMLDivElement>(null);

  /** Loads the fresh record; `keepMine`: the person's typing goes back on it, so saving again keeps it. */
  const load = (keepMine: boolean) => {
    const mine = form.getFieldsValue(true) as Values;
    const base = formBaseline(form) ?? mine;
    void onReload().then(() => {
      // The form's baseline is now the fresh record (a reload that failed left it, and the form, as they were).
      const freshBase = formBaseline(form) ?? base;
      const conflict = editConflict(base, keepMine ? mine : freshBase, freshBase);
      const fresh = form.getFieldsValue(true) as Values;
      if (keepMine) form.setFieldsValue(pickValues(mine, conflict.mine));
      setShown({ conflict, fresh });
    });
  };

  useEffect(() => {
    if (stale && !askFirst?.()) load(true);
    // A new 409 only: the form's reload and values are read when it comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stale]);

  useEffect(() => {
    if (stale || shown) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [stale, shown]);

  if (!stale && !shown) return null;
  const asking = stale && !shown && Boolean(askFirst?.());
  const names = (fields: string[]) => fields.map((name) => labelOf(name, labels)).join(', ');
  const takeTheirs = () => {
    if (shown) form.setFieldsValue(pickValues(shown.fresh, shown.conflict.mine));
    setShown(null);
  };
  return (
    <div ref={ref} role="alert">
      <StaleVersionSummary
        conflict={shown?.conflict ?? null}
        loading={stale && !shown && !asking}
        names={names}
        onKeep={() => setShown(null)}
        onTakeTheirs={takeTheirs}
        onReloadAsked={asking ? () => load(false) : undefined}
      />
    </div>
  );
}

/** The warning's words and choices (apart, so a test renders them). */
export function StaleVersionSummary({
  conflict,
  loading,
  names,
  onKeep,
  onTakeTheirs,
  onReloadAsked,
}: {
  conflict: EditConflict | null;
  loading: boolean;
  names: (fields: string[]) => string;
  onKeep: () => void;
  onTakeTheirs: () => void;
  /** The record is not loaded yet: the person's typing would be lost by loading it (after a confirmation). */
  onReloadAsked?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const lines = conflict
    ? [
        conflict.theirs.length ? t('conflict.theirs', { names: names(conflict.theirs) }) : t('conflict.noneOfTheirs'),
        conflict.mine.length ? t('conflict.mine', { names: names(conflict.mine) }) : null,
        conflict.both.length ? t('conflict.both', { names: names(conflict.both) }) : null,
      ].filter((line) => line !== null)
    : [];
  return (
    <Alert
      type="warning"
      showIcon
      message={versionMessages.stale}
      description={
        conflict && (
          <Flex vertical gap={4}>
            {lines.map((line) => (
              <span key={line} data-testid="stale-version-line">
                {line}
              </span>
            ))}
          </Flex>
        )
      }
      style={{ marginBottom: 16 }}
      data-testid="stale-version-alert"
      action={
        <Flex vertical gap={8}>
          {!onReloadAsked && (
            <Button type="primary" size="small" loading={loading} onClick={onKeep} data-testid="stale-version-keep">
              {t('conflict.keep')}
            </Button>
          )}
          {onReloadAsked && (
            <Popconfirm
              title={t('conflict.reloadConfirm')}
              onConfirm={onReloadAsked}
              okText={t('conflict.takeTheirs')}
              okButtonProps={{ 'data-testid': 'stale-version-confirm' } as ButtonProps}
              cancelText={t('conflict.keep')}
            >
              <Button size="small" data-testid="stale-version-reload">
                {t('conflict.takeTheirs')}
              </Button>
            </Popconfirm>
          )}
          {conflict && conflict.mine.length > 0 && (
            // Their values over the person's typing: only once they agree to lose it.
            <Popconfirm
              title={t('conflict.takeTheirsConfirm', { names: names(conflict.mine) })}
              onConfirm={onTakeTheirs}
              okText={t('conflict.takeTheirs')}
              okButtonProps={{ 'data-testid': 'stale-version-confirm' } as ButtonProps}
              cancelText={t('conflict.keep')}
            >
              <Button size="small" data-testid="stale-version-reload">
                {t('conflict.takeTheirs')}
              </Button>
            </Popconfirm>
          )}
          {conflict && conflict.mine.length === 0 && (
            <Button size="small" onClick={onTakeTheirs} data-testid="stale-version-reload">
              {t('conflict.takeTheirs')}
            </Button>
          )}
        </Flex>
      }
    />
  );
}
