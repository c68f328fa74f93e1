import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { pageSizeOptions } from '@dnx/shared';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { allPageSize, withFilters, type ListState, type PageSizeChoice } from './list-query';
import './texts';

export interface ListFooterProps {
  count: number;
  keyset: boolean;
  state: ListState;
  setState: (next: ListState) => void;
  previousCursor: string | null;
  nextCursor: string | null;
  fetching: boolean;
}

/** Under the rows: their total, a keyset list's Previous / Next, and the page size. */
export function ListFooter({ count, keyset, state, setState, previousCursor, nextCursor, fetching }: ListFooterProps) {
  const { t } = useTranslation();
  const pageSizeChoices = [
    ...pageSizeOptions.map((n) => ({ value: String(n), label: String(n) })),
    ...(keyset ? [] : [{ value: allPageSize, label: t('list.all') }]),
  ];
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Typography.Text type="secondary" data-testid="list-total">
        {t('list.total', { count })}
      </Typography.Text>
      {keyset && (
        // Keyset pages have no numbers: the links of the page shown lead to the pages beside it.
        <Flex gap={8} role="group" aria-label={t('list.pages')}>
          <Button
            icon={<LeftOutlined />}
            disabled={previousCursor === null || fetching}
            onClick={() => setState({ ...state, cursor: previousCursor ?? undefined })}
            data-testid="list-previous"
          >
            {t('form.previous')}
          </Button>
          <Button
            icon={<RightOutlined />}
            iconPlacement="end"
            disabled={nextCursor === null || fetching}
            onClick={() => setState({ ...state, cursor: nextCursor ?? undefined })}
            data-testid="list-next"
          >
            {t('form.next')}
          </Button>
        </Flex>
      )}
      <Flex align="center" gap={8}>
        <Typography.Text type="secondary">{t('list.pageSize')}</Typography.Text>
        <Select<string>
          value={String(state.perPage)}
          options={pageSizeChoices}
          onChange={(v) =>
            setState(withFilters(state, { perPage: (v === allPageSize ? allPageSize : Number(v)) as PageSizeChoice }))
          }
          style={{ width: 110 }}
          data-testid="page-size"
          aria-label={t('list.pageSize')}
        />
      </Flex>
    </Flex>
  );
}
