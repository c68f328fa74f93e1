import { ConfigProvider, message } from 'antd';
import azAZ from 'antd/locale/az_AZ';
import dayjs from 'dayjs';
import 'dayjs/locale/az';
import { lazy, useEffect } from 'react';
import { Outlet } from 'react-router';
import { ListToolsContext, type RenderListTools } from '../components/resource-list/list-settings';
import { firstErrorScroll } from '../lib/form-rules';
import { setToastInstance } from '../lib/notify';
import { appFontFamily } from '../lib/fonts';

dayjs.locale('az');

// Every list's column settings, density and saved views (issue 29): loaded with the first list shown.
const ListTools = lazy(() => import('../features/views/components/list-tools'));
const renderListTools: RenderListTools = (props) => <ListTools {...props} />;

/**
 * Secondary, tertiary, description and placeholder text are solid greys of at least 4.5:1 on white and on the
 * layout's grey (WCAG 1.4.3): Ant Design's defaults are translucent blacks of 0.45 and 0.25, below it.
 */
export const mutedText = '#545b66';
const theme = {
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

function Toasts() {
  const [api, holder] = message.useMessage({ maxCount: 5, duration: 3 });
  useEffect(() => setToastInstance(api), [api]);
  return holder;
}

/**
 * Ant Design's theme, Azerbaijani locale, the forms' focus on their first error and toasts (at most 5, hidden after 3000 ms) for every screen but
 * /signin, which is the first download and is kept free of it.
 */
export function AntdShell() {
  return (
    // A form whose save fails on its own rules moves the focus to the first field in error.
    <ConfigProvider locale={azAZ} theme={theme} form={{ scrollToFirstError: firstErrorScroll }}>
      <Toasts />
      <ListToolsContext value={renderListTools}>
        <Outlet />
      </ListToolsContext>
    </ConfigProvider>
  );
}
