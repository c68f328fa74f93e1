import { EditOutlined } from '@ant-design/icons';
import type { FieldDefinition, ResourceDefinition, ResourceRecord } from '@dnx/shared';
import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LinkButton, type LinkButtonProps } from '../../../components/link-button';
import type { ListColumn } from '../../../components/resource-list';
import { editPath, type FromList } from '../resource-routes';
import { cellText, listFields, optionLabel } from '../resource-values';

/** Richer cells than the text: status as a coloured tag, categories as tags. */
function cellRender(field: FieldDefinition): ((row: ResourceRecord) => ReactNode) | undefined {
  if (field.kind === 'status') {
    return (row) => (
      <Tag color={row[field.name] === 1 ? 'green' : 'default'}>{optionLabel(field, row[field.name])}</Tag>
    );
  }
  if (field.kind === 'multi-choice') {
    return (row) => {
      const values = row[field.name];
      return (
        <Space size={[0, 4]} wrap>
          {(Array.isArray(values) ? values : []).map((v) => (
            <Tag key={String(v)}>{optionLabel(field, v)}</Tag>
          ))}
        </Space>
      );
    };
  }
  return undefined;
}

/** A link from the list to a form that brings the user back to the same rows after the save. */
export function ListLinkButton(props: LinkButtonProps) {
  const { search } = useLocation();
  return <LinkButton {...props} state={{ listSearch: search } satisfies FromList} />;
}

/** The list's columns: each `list` field (sortable ones sort on the server), then the edit link. */
export function resourceColumns(
  resource: ResourceDefinition,
  t: TFunction,
  canChange: boolean,
): ListColumn<ResourceRecord>[] {
  const label = resource.fields.find((f) => f.name === resource.labelField);
  const columns: ListColumn<ResourceRecord>[] = listFields(resource).map((field) => ({
    key: field.name,
    title: field.label,
    value: (row) => cellText(field, row),
    render: cellRender(field),
    sortKey: field.sortable ? field.name : undefined,
  }));
  if (!canChange) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      title: t('list.actions'),
      screenOnly: true,
      value: () => '',
      render: (row) => (
        <ListLinkButton
          to={editPath(resource, row.id)}
          size="small"
          icon={<EditOutlined />}
          aria-label={`${t('list.edit')}: ${label ? cellText(label, row) : row.id}`}
        >
          {t('list.edit')}
        </ListLinkButton>
      ),
    },
  ];
}
