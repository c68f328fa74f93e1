import type { OnlineRequestKind } from '@dnx/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';

/** The screen of a kind of request: `/app/online-carrier` or `/app/online-payment`. */
export const requestScreenPath = (kind: OnlineRequestKind) => `/app/online-${kind}`;

/**
 * A review screen's two faces on one route: the list, or (with `?request={id}`) one request under review, with
 * the way back to the list.
 */
export function RequestScreen(props: { kind: OnlineRequestKind; list: ReactNode; review: (id: number) => ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = params.get('request');
  if (target !== null) {
    const id = /^\d+$/.test(target) ? Number(target) : 0;
    return (
      <div data-testid={`online-${props.kind}-review`}>
        <BackLink to={requestScreenPath(props.kind)} />
        {props.review(id)}
      </div>
    );
  }
  return (
    <div data-testid={`online-${props.kind}-page`}>
      <PageHeader title={t(`routes.online-${props.kind}`)} />
      {props.list}
    </div>
  );
}
