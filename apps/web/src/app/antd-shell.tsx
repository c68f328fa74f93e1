import { useQuery } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import azAZ from 'antd/locale/az_AZ';
import dayjs from 'dayjs';
import 'dayjs/locale/az';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ListToolsContext, type RenderListTools } from '../components/resource-list/list-settings';
import { currentUserQuery } from '../lib/current-user';
import { antdLocaleOf } from '../i18n';
import { LanguageSwitch } from '../i18n/language-switch';
import { firstErrorScroll } from '../lib/form-rules';
import { appFontFamily } from '../lib/fonts';
import { usePrefersReducedMotion } from '../lib/reduced-motion';

// Every list's column settings, density and saved views (issue 29): loaded with the first list shown.
const ListTools = lazy(() => import('../features/views/components/list-tools'));
const renderListTools: RenderListTools = (props) => <ListTools {...props} />;
// Ant Design's message code (issue 60): loaded with the first toast, not with the first screen.
const Toasts = lazy(() => import('./toasts'));

/**
 * Secondary, tertiary, description and placeholder text are solid greys of at least 4.5:1 on white and on the
 * layout's grey (WCAG 1.4.3): Ant Design's defaults are translucent blacks of 0.45 and 0.25, below it.
 */
export const mutedText = '#545b66';
const lightTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0b5cab',
    // Plain links (a payment's check page, the home's numbers) in the primary blue (6.6:1); Ant Design's link
    // colour follows its info blue #1677ff, 4.1:1 on white.
    colorLink: '#0b5cab',
    colorLinkHover: '#084a8a',
    colorTextSecondary: mutedText,
    colorTextTertiary: mutedText,
    colorTextDescription: mutedText,
    colorTextPlaceholder: '#646b76',
    // Error text (messages under fields) at 5.9:1 on white; Ant Design's #ff4d4f is 3.2:1.
    colorError: '#cf1322',
    borderRadius: 6,
    fontFamily: appFontFamily,
  },
};

/**
 * The dark theme's colours, checked like the light ones (WCAG 1.4.3, at least 4.5:1 on Ant Design's dark grounds
 * #141414 and #1f1f1f): light greys for muted text, a light blue for links, a light red for errors. Primary
 * buttons keep white text on the primary blue.
 */
export const darkMutedText = '#a9b0ba';
const darkTokens: ThemeConfig['token'] = {
  colorPrimary: '#1668dc',
  colorLink: '#7cb8ff',
  colorLinkHover: '#a6cfff',
  colorTextSecondary: darkMutedText,
  colorTextTertiary: darkMutedText,
  colorTextDescription: darkMutedText,
  colorTextPlaceholder: '#959ca6',
  // An empty table's "no data" and other quaternary text: readable on the dark grounds (5.3:1 on #1f1f1f).
  colorTextQuaternary: '#8d949e',
  colorTextDisabled: '#8d949e',
  colorError: '#ff7875',
};

/** Where Ant Design writes text in the primary blue on a dark ground (a chosen menu item, the open tab). */
const darkComponents: ThemeConfig['components'] = {
  Menu: { itemSelectedColor: '#ffffff', horizontalItemSelectedColor: '#7cb8ff', subMenuItemSelectedColor: '#ffffff' },
  Tabs: { itemSelectedColor: '#7cb8ff', itemActiveColor: '#a6cfff', itemHoverColor: '#a6cfff', inkBarColor: '#7cb8ff' },
};

/**
 * A button at work (a report running) keeps its colours: Ant Design fades a loading button to 0.65, and the primary
 * button's white text on the faded blue falls below 4.5:1 (axe found it on the general report while it ran). The
 * spinner in the button says it is busy.
 */
const buttonComponents: ThemeConfig['components'] = { Button: { opacityLoading: 1 } };

/** Ant Design's theme for the user's choice: the dark and the compact algorithm, each optional, combinable. */
export function themeFor({
  dark,
  compact,
  reducedMotion = false,
}: {
  dark: boolean;
  compact: boolean;
  reducedMotion?: boolean;
}): ThemeConfig {
  const algorithm = [
    dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    ...(compact ? [antdTheme.compactAlgorithm] : []),
  ];
  return {
    algorithm,
    // Less motion asked for: Ant Design's transitions (dialogs, drawers, menus, messages) are turned off.
    token: { ...lightTheme.token, ...(dark ? darkTokens : {}), ...(reducedMotion ? { motion: false } : {}) },
    components: { ...buttonComponents, ...(dark ? darkComponents : {}) },
  };
}

/** Public pages with no card of their own to carry the language choice (the sign-in cards carry it). */
const publicPagesWithSwitch = ['/verify/', '/online', '/reminders/'];

/**
 * Ant Design's theme (light or dark, normal or compact, still when the system asks for less motion), locale of the interface's language, the forms' focus on their first error and toasts (at most 5, hidden after 3000 ms) for every screen but
 * /signin, which is the first download and is kept free of it.
 */
export function AntdShell() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  // Read from the cache only: a public page has no user and must not ask for one.
  const user = useQuery({ ...currentUserQuery, enabled: false }).data;
  const dark = user?.preferences.dark_theme ?? false;
  const compact = user?.preferences.compact_theme ?? false;
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => themeFor({ dark, compact, reducedMotion }), [dark, compact, reducedMotion]);
  const { pathname } = useLocation();
  // Dates of pickers and calendars in the interface's language (its dayjs locale was loaded with its texts).
  dayjs.locale(language);
  useEffect(() => {
    // Hand-set colours (styles.css) and the browser's own controls follow the theme.
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    // A form whose save fails on its own rules moves the focus to the first field in error.
    <ConfigProvider
      locale={antdLocaleOf(language) ?? azAZ}
      theme={theme}
      form={{ scrollToFirstError: firstErrorScroll }}
    >
      {publicPagesWithSwitch.some((prefix) => pathname.startsWith(prefix)) && (
        <div className="public-language-switch">
          <LanguageSwitch />
        </div>
      )}
      {/* Loaded with the first screen, in a chunk of its own: a toast first wanted offline ("no connection") must
          not wait for code it can no longer download, nor may a load at idle time keep the page from settling. */}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ListToolsContext value={renderListTools}>
        <Outlet />
      </ListToolsContext>
    </ConfigProvider>
  );
}
