import type { FnForm, Page } from '@dnx/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AssignWindow, type RemoteAssignList } from '../../../components/assign-window/assign-window';
import { fetchListPage, linkCursor, type ListEndpoint } from '../../../components/resource-list';
import { failureMessage, notifyFailure, notifySuccess } from '../../../lib/notify';
import { activeNotSharedEndpoint, formSearchQuery, formsEndpoint } from '../api/forms';
import { personName, useInspectors } from '../../../lib/people-by-role';
import { useMoveForms } from '../api/share';
import { PersonSelect } from '../../../components/person-select';

/** How many forms each side of the window shows at a time. */
const windowPageSize = 50;

/** The URL parameters of one side of the window: its search and the cursor of the page shown. */
const sideParams = {
  available: ['available_search', 'available_cursor'],
  assigned: ['assigned_search', 'assigned_cursor'],
};
export const shareWindowParams = [...sideParams.available, ...sideParams.assigned];

/** One side of the window: a keyset page of the server's list, its search and cursor in the URL. */
function useWindowList(
  side: 'available' | 'assigned',
  endpoint: ListEndpoint<FnForm>,
  fixed: Record<string, string> | null,
): RemoteAssignList & { error: unknown } {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [searchKey, cursorKey] = sideParams[side];
  const search = params.get(searchKey!) ?? '';
  const cursor = params.get(cursorKey!) ?? undefined;
  const query = {
    ...fixed,
    ...formSearchQuery(search),
    per_page: String(windowPageSize),
    ...(cursor ? { cursor } : {}),
  };
  const page = useQuery({
    queryKey: [...endpoint.queryKey, 'list', query],
    queryFn: ({ signal }) => fetchListPage(endpoint, query, signal),
    placeholderData: keepPreviousData,
    enabled: fixed !== null,
  });
  const go = (next: string | null) => () =>
    setParams((current) => {
      const url = new URLSearchParams(current);
      if (next) url.set(cursorKey!, next);
      else url.delete(cursorKey!);
      return url;
    });
  const data: Page<FnForm> | undefined = page.data;
  const previous = linkCursor(data?.previous ?? null);
  const next = linkCursor(data?.next ?? null);
  return {
    records: (data?.results ?? []).map((f) => ({ id: f.id, name: `${f.series} ${f.number}` })),
    total: data?.count ?? 0,
    search,
    searchPlaceholder: t('fn.formSearch'),
    onSearch: (text) =>
      setParams((current) => {
        const url = new URLSearchParams(current);
        if (text) url.set(searchKey!, text);
        else url.delete(searchKey!);
        // A cursor belongs to the search it was made for.
        url.delete(cursorKey!);
        return url;
      }),
    onPrevious: previous ? go(previous) : undefined,
    onNext: next ? go(next) : undefined,
    loading: page.isFetching,
    error: page.error,
  };
}

/**
 * The assign window of forms: on the left the active forms of the inspector's region shared to nobody, on the
 * right the forms shared to the inspector. A move right shares, a move left takes back, at once.
 */
export function ShareWindow({
  open,
  inspector,
  onInspector,
  onClose,
}: {
  open: boolean;
  inspector: number | undefined;
  onInspector: (id: number | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const inspectors = useInspectors(undefined, open);
  const chosen = inspectors.data?.find((i) => i.id === inspector);
  const moveForms = useMoveForms();
  const region = chosen?.region ?? null;
  const chosenId = chosen?.id ?? null;
  // Query keys are compared by value: plain objects will do.
  const availableQuery = region === null ? null : { region: String(region) };
  const assignedQuery = chosenId === null ? null : { stage: 'shared', inspector: String(chosenId) };
  const available = useWindowList('available', activeNotSharedEndpoint, availableQuery);
  const assigned = useWindowList('assigned', formsEndpoint, assignedQuery);
  const failed = available.error ?? assigned.error;

  const onMove = (move: 'assign' | 'unassign', ids: number[]) =>
    moveForms
      .mutateAsync({ move: move === 'assign' ? 'share' : 'unshare', body: { inspector: chosen!.id, forms: ids } })
      .then(notifySuccess, (error: unknown) => {
        notifyFailure(error);
        throw error;
      });

  return (
    <Modal open={open} title={t('fn.shareWindowTitle')} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      <Flex vertical gap={12} data-testid="fn-share-window">
        <div style={{ maxWidth: 480 }}>
          <PersonSelect
            kind="inspectors"
            value={inspector}
            onChange={onInspector}
            placeholder={t('fn.chooseInspector')}
            data-testid="fn-share-inspector"
          />
        </div>
        {failed ? <Alert type="error" showIcon message={failureMessage(failed)} /> : null}
        {chosen ? (
          <AssignWindow
            remote={{ available, assigned, onMove }}
            titles={[t('fn.notSharedForms'), t('fn.inspectorForms', { name: personName(chosen) })]}
            data-testid="fn-assign-window"
          />
        ) : (
          <Typography.Paragraph type="secondary">{t('fn.chooseInspectorFirst')}</Typography.Paragraph>
        )}
      </Flex>
    </Modal>
  );
}
