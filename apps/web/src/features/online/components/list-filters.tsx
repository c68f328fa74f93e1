import { nationalRoles } from '@dnx/shared';
import { RegionSelect } from '../../../components/region-select';
import { SearchBox, type FilterControlProps } from '../../../components/resource-list';
import { useCurrentUser } from '../../auth/api/current-user';

/** A text filter (a VÖEN) applied as it is typed, like the list's search. */
export const textFilter =
  (testId: string) =>
  ({ value, onChange, placeholder }: FilterControlProps) => (
    <SearchBox
      value={value ?? ''}
      onSearch={(text) => onChange(text.trim() || undefined)}
      placeholder={placeholder}
      width="100%"
      data-testid={testId}
    />
  );

export const regionFilter = ({ value, onChange, placeholder }: FilterControlProps) => (
  <RegionSelect
    value={value}
    onChange={(v) => onChange(v === undefined ? undefined : String(v))}
    placeholder={placeholder}
    aria-label={placeholder}
  />
);

/** A national user (A) reviews every region's requests, so may filter by one; a regional user sees one region. */
export function useNationalUser(): boolean {
  const me = useCurrentUser();
  return (me?.groups ?? []).some((g) => nationalRoles.some((r) => r === g.code));
}
