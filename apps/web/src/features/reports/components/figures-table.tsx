import { reportFigureKeys, type ReportFigure, type ReportFigures } from '@dnx/shared';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useAccessibleTable } from '../../../lib/accessible-dom';
import { figureLabel, showFigure } from './figures';

/** A row of a figures table: what names it (one or more leading columns) and its figures. */
export type FiguresRow = ReportFigures & { rowKey: string; names: string[] };

export interface FiguresTableProps {
  /** The table's name (its caption, and the name of its scrolling region). */
  caption: string;
  /** The headers of the leading columns that name a row (the group; a region and a transport type). */
  nameHeaders: string[];
  rows: readonly FiguresRow[];
  totals: ReportFigures;
  totalsLabel: string;
  figures?: readonly ReportFigure[];
  loading?: boolean;
  /** What an empty table says (a period with nothing in it: the totals read zero). */
  emptyText?: string;
  'data-testid'?: string;
}

/**
 * Figures per group: the names first, then each figure right-aligned (counts with dots between thousands,
 * amounts as money), the totals as the table's summary row.
 */
export function FiguresTable({
  caption,
  nameHeaders,
  rows,
  totals,
  totalsLabel,
  figures = reportFigureKeys,
  loading,
  emptyText,
  ...rest
}: FiguresTableProps) {
  const root = useAccessibleTable(caption);
  const columns: ColumnsType<FiguresRow> = [
    ...nameHeaders.map((title, i) => ({
      key: `name-${i}`,
      title,
      render: (_: unknown, row: FiguresRow) => row.names[i],
      fixed: i === 0 ? ('start' as const) : undefined,
    })),
    ...figures.map((key) => ({
      key,
      title: figureLabel(key),
      align: 'right' as const,
      render: (_: unknown, row: FiguresRow) => <span style={{ whiteSpace: 'nowrap' }}>{showFigure(row, key)}</span>,
    })),
  ];
  return (
    <div ref={root} data-testid={rest['data-testid']}>
      <Table<FiguresRow>
        size="small"
        bordered
        title={() => <Typography.Text strong>{caption}</Typography.Text>}
        rowKey={(row) => row.rowKey}
        columns={columns}
        dataSource={[...rows]}
        loading={loading}
        pagination={false}
        locale={emptyText ? { emptyText } : undefined}
        scroll={{ x: 'max-content' }}
        summary={() => (
          <Table.Summary>
            <Table.Summary.Row data-testid="report-totals">
              <Table.Summary.Cell index={0} colSpan={nameHeaders.length}>
                <Typography.Text strong>{totalsLabel}</Typography.Text>
              </Table.Summary.Cell>
              {figures.map((key, i) => (
                <Table.Summary.Cell key={key} index={i + nameHeaders.length} align="right">
                  <Typography.Text strong style={{ whiteSpace: 'nowrap' }} data-figure={key}>
                    {showFigure(totals, key)}
                  </Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </div>
  );
}
