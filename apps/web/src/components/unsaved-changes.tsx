import type { FormInstance } from 'antd/es/form';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Location } from 'react-router';

const UnsavedChangesDialog = lazy(() => import('./unsaved-changes-dialog'));

/**
 * One guard for every form's typed work (issue 30). A form registers how to tell it is changed with one call,
 * `useUnsavedChanges(form)`; the signed-in frame's `<UnsavedChangesHost/>` asks before an in-app move (a menu
 * click, a link, Back) leaves a screen with a changed form, and the browser asks before a reload or closing the
 * tab (`beforeunload`). React Router allows one blocker at a time, so the forms share the host's one.
 */

/** What a form is asked: is there typed work that leaving would lose? */
type DirtyCheck = () => boolean;

const checks = new Set<DirtyCheck>();

/** True while any mounted form holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  for (const check of checks) if (check()) return true;
  return false;
}

/** A form's values as text, to tell "changed since saved" from "changed back"; a day picker's value has `toJSON`. */
export function formSnapshot(values: unknown): string {
  return JSON.stringify(values ?? null);
}

/** What a form (or anything holding typed work) offers the guard. */
export type UnsavedSource = Pick<FormInstance, 'isFieldsTouched' | 'getFieldsValue'> | boolean | DirtyCheck;

/**
 * Is the source changed? A form is when a field was changed (Ant Design's "touched", which `resetFields` clears;
 * `setFieldsValue` sets it too) and its values differ from those it opened with or last saved (`baseline`).
 */
export function isSourceDirty(source: UnsavedSource, baseline: string | null): boolean {
  if (typeof source === 'boolean') return source;
  if (typeof source === 'function') return source();
  if (!source.isFieldsTouched()) return false;
  return baseline === null || formSnapshot(source.getFieldsValue(true)) !== baseline;
}

/** Each registered form's baseline: the values it opened with or last saved (the base of an edit conflict). */
const baselines = new WeakMap<object, () => string | null>();

/** The values `form` opened with or last saved (`markSaved`), as JSON values; null for a form not registered. */
export function formBaseline(form: object): Record<string, unknown> | null {
  const text = baselines.get(form)?.() ?? null;
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

export interface UnsavedChanges {
  /** The values now on the form are saved: leaving asks again only once they change. */
  markSaved: () => void;
}

/**
 * Registers a form (or a flag, or a check) with the guard while the calling component is mounted. A reset to
 * the values the form opened with clears it by itself; after a save, or after showing a record anew by code
 * (`setFieldsValue`), call `markSaved()`: the values now shown are the ones leaving would not lose.
 */
export function useUnsavedChanges(source: UnsavedSource): UnsavedChanges {
  const latest = useRef(source);
  const baseline = useRef<string | null>(null);
  useEffect(() => {
    latest.current = source;
  });
  useEffect(() => {
    // The values the form opened with: changing a field and back again is no change.
    const opened = latest.current;
    if (typeof opened === 'object') {
      baseline.current = formSnapshot(opened.getFieldsValue(true));
      baselines.set(opened, () => baseline.current);
    }
    const check = () => isSourceDirty(latest.current, baseline.current);
    checks.add(check);
    return () => {
      checks.delete(check);
      if (typeof opened === 'object') baselines.delete(opened);
    };
  }, []);
  const markSaved = useCallback(() => {
    const current = latest.current;
    if (typeof current === 'object') baseline.current = formSnapshot(current.getFieldsValue(true));
  }, []);
  return { markSaved };
}

/** The same, as an element: `<UnsavedChangesGuard dirty={changed} />`. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}

/**
 * The query parameters that choose a screen on a route of its own rather than narrow a list: `fn-payment?form=new`
 * is the payment form, `fn-payment` the list, `?view=7` a payment's printable view.
 */
const screenParams = ['form', 'view'] as const;

const screenOf = (location: Pick<Location, 'pathname' | 'search'>) => {
  const params = new URLSearchParams(location.search);
  return [location.pathname, ...screenParams.map((name) => params.get(name) ?? '')].join('|');
};

/**
 * Whether a move from `current` to `next` leaves the screen: another path inside the signed-in area, or another
 * screen of the same route (`screenParams`). A change of only a list's filters or a step stays on the screen; a
 * move out of /app (signing out, a session that ended) is never held back.
 */
export function leavesScreen(
  current: Pick<Location, 'pathname' | 'search'>,
  next: Pick<Location, 'pathname' | 'search'>,
): boolean {
  return screenOf(current) !== screenOf(next) && next.pathname.startsWith('/app');
}

/** The one blocker and the one dialog, in the signed-in frame. */
export function UnsavedChangesHost() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => leavesScreen(currentLocation, nextLocation) && hasUnsavedChanges(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers ask only when `returnValue` is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog onSettle={(leave) => (leave ? blocker.proceed() : blocker.reset())} />
    </Suspense>
  );
}
