import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Regionlar — FN İdarəetmə Sistemi": the screen first, so a tab or a screen reader names the screen at once. */
function setTitle(screen: string | undefined, appName: string) {
  if (screen !== undefined) document.title = `${screen} — ${appName}`;
}

/**
 * Names the browser tab after the screen shown (WCAG 2.4.2, page titled): a single-page app otherwise keeps the
 * one title of its HTML on every screen.
 */
export function useDocumentTitle(screen: string): void {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useEffect(() => setTitle(screen, appName), [screen, appName]);
}

/**
 * The /app frame's title, the matched route's (`undefined`: none matched, the page names itself). Set in a layout
 * effect, which runs before any ordinary effect of the same render, so a page inside that says "not found" is the
 * last to speak.
 */
export function useFrameTitle(screen: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('common.appName');
  useLayoutEffect(() => setTitle(screen, appName), [screen, appName]);
}
