import { HistoryOutlined } from '@ant-design/icons';
import { apiDateFormat, bakuDay, displayDateFormat, formatDate } from '@dnx/shared';
import { Alert, Button, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { PageSkeleton } from '../../../components/page-skeleton';
import { RecordMissing } from '../../../components/record-missing';
import { NotFoundResult } from '../../../components/status-pages';
import { failureMessage } from '../../../lib/notify';
import { useBusRoute } from '../api/get-bus-route';
import { BusRouteForm } from '../components/bus-route-form';
import { HistoryTimeline } from '../components/history-timeline';
import { listBack } from './list-back';

const asOfParam = 'as_of';

/** The route as it was at the end of a past day: read-only, or why it cannot be shown (not there yet). */
function PastRoute({ id, asOf }: { id: number; asOf: string }) {
  const { t } = useTranslation();
  const past = useBusRoute(id, asOf);
  if (past.isPending) return <PageSkeleton />;
  if (past.isError)
    return <Alert type="warning" showIcon message={failureMessage(past.error)} data-testid="bus-route-as-of-missing" />;
  return (
    <div data-testid="bus-route-as-of">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('busRoutes.asOf.showing', { date: formatDate(asOf) })}
      />
      <BusRouteForm key={asOf} route={past.data} readOnly />
    </div>
  );
}

function CurrentRoute({ id, back }: { id: number; back: string }) {
  const { t } = useTranslation();
  const route = useBusRoute(id);
  if (route.isPending) return <PageSkeleton />;
  if (route.isError) return <RecordMissing title={t('busRoutes.notFound')} error={route.error} back={back} />;
  // Keyed by the route only: a save keeps the form (and the timeline below shows the change).
  return <BusRouteForm key={route.data.id} route={route.data} />;
}

/** `bus-routes-edit/:pk`: the form, the route on a past day (`?as_of=`), and the history of its changes. */
export default function BusRouteEditPage() {
  const { t } = useTranslation();
  const { pk } = useParams();
  const [params, setParams] = useSearchParams();
  const back = listBack(useLocation().state);
  const pickerId = useId();
  const id = pk && /^\d+$/.test(pk) ? Number(pk) : null;
  if (id === null) return <NotFoundResult />;
  const asOfText = params.get(asOfParam);
  const asOf = asOfText && dayjs(asOfText, apiDateFormat, true).isValid() ? asOfText : null;
  const today = bakuDay();
  const setAsOf = (day: string | null) => {
    const next = new URLSearchParams(params);
    if (day) next.set(asOfParam, day);
    else next.delete(asOfParam);
    setParams(next, { replace: false });
  };

  return (
    <div data-testid="bus-route-edit-page">
      <PageHeader title={t('routes.bus-routes-edit')} extra={<BackLink to={back} />} />
      <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <HistoryOutlined aria-hidden />
        <Typography.Text>
          <label htmlFor={pickerId}>{t('busRoutes.asOf.label')}</label>
        </Typography.Text>
        <DatePicker
          id={pickerId}
          value={asOf ? dayjs(asOf, apiDateFormat) : null}
          onChange={(day) => setAsOf(day ? day.format(apiDateFormat) : null)}
          format={displayDateFormat}
          placeholder={t('busRoutes.asOf.placeholder')}
          disabledDate={(day) => day.format(apiDateFormat) > today}
          // The button beside it goes back to today; a clear icon would be a second, too small target.
          allowClear={false}
          data-testid="bus-route-as-of-picker"
        />
        {asOf && (
          <Button onClick={() => setAsOf(null)} data-testid="bus-route-as-of-back">
            {t('busRoutes.asOf.back')}
          </Button>
        )}
      </Flex>
      {asOf ? <PastRoute id={id} asOf={asOf} /> : <CurrentRoute id={id} back={back} />}
      <HistoryTimeline routeId={id} />
    </div>
  );
}
