import { formatCount, importOutcomes, type Import, type ImportOutcome } from '@dnx/shared';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import '../texts';

export const statusColor: Record<Import['status'], string> = {
  queued: 'default',
  checking: 'blue',
  previewed: 'gold',
  applying: 'blue',
  applied: 'green',
  failed: 'red',
};
const outcomeColor: Record<ImportOutcome, string> = {
  new: 'green',
  changed: 'gold',
  unchanged: 'default',
  error: 'red',
};

/** An import's counts by outcome, as tags. */
export function Counts({ item }: { item: Import }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {importOutcomes.map((outcome) => (
        <Tag key={outcome} color={outcomeColor[outcome]} data-testid={`import-count-${outcome}`}>
          {t(`imports.outcome.${outcome}`)}: {formatCount(item.counts[outcome])}
        </Tag>
      ))}
    </Space>
  );
}
