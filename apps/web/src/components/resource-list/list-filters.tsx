import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { withFilters, type ListState } from './list-query';
import { SearchBox } from './search-box';
import './texts';
import type { ListFilter } from './types';

export interface ListFiltersProps {
  search: boolean;
  filters: readonly ListFilter[];
  state: ListState;
  setState: (next: ListState) => void;
}

/** The list's search box, its filters (a choice, or the screen's own control) and "clear filters". */
export function ListFilters({ search, filters, state, setState }: ListFiltersProps) {
  const { t } = useTranslation();
  const setFilter = (name: string, value: string | undefined) => {
    const next = { ...state.filters };
    if (value === undefined || value === '') delete next[name];
    else next[name] = value;
    setState(withFilters(state, { filters: next }));
  };
  return (
    <Flex wrap gap={12} align="center" data-tour="list-filters">
      {search && <SearchBox value={state.search} onSearch={(text) => setState(withFilters(state, { search: text }))} />}
      {filters.map((filter) => {
        const value = state.filters[filter.name];
        const onChange = (v: string | undefined) => setFilter(filter.name, v);
        return (
          <div key={filter.name} data-testid={`filter-${filter.name}`} style={{ minWidth: 180 }}>
            {filter.render ? (
              filter.render({ value, onChange, placeholder: filter.label })
            ) : (
              <Select
                allowClear
                value={value}
                onChange={(v?: string) => onChange(v)}
                placeholder={filter.label}
                options={filter.options?.map((o) => ({ ...o }))}
                style={{ width: '100%' }}
                aria-label={filter.label}
              />
            )}
          </div>
        );
      })}
      {(state.search || Object.keys(state.filters).length > 0) && (
        <Button type="link" onClick={() => setState(withFilters(state, { search: '', filters: {} }))}>
          {t('list.clearFilters')}
        </Button>
      )}
    </Flex>
  );
}
