import type { Operator } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterChoices } from '../components/resource-list/types';
import { apiRequest } from './api-client';

const peopleQuery = (role: 'operators' | 'inspectors', region: number | undefined) =>
  queryOptions({
    queryKey: ['users', role, region ?? null],
    queryFn: ({ signal }) =>
      apiRequest<{ data: Operator[] }>(`/api/user/users/${role}/`, { query: { region }, signal }),
    staleTime: 60_000,
  });

function usePeople(role: 'operators' | 'inspectors', region: number | undefined, enabled: boolean) {
  return useQuery({ ...peopleQuery(role, region), select: (body) => body.data, enabled });
}

/** A person filter's choices: the ids of the operators or inspectors the user may pick (their region's, for a regional user). */
export const peopleChoices =
  (role: 'operators' | 'inspectors'): FilterChoices =>
  async (client) =>
    (await client.fetchQuery(peopleQuery(role, undefined))).data.map((person) => String(person.id));

/** `GET /api/user/users/operators/?region=`: active operators (role F), of one region when it is chosen. */
export const useOperators = (region: number | undefined, enabled = true) => usePeople('operators', region, enabled);

/**
 * `GET /api/user/users/inspectors/?region=`: active inspectors (role C), of one region when it is chosen: the people
 * forms are shared to, and a payment row's inspector.
 */
export const useInspectors = (region: number | undefined, enabled = true) => usePeople('inspectors', region, enabled);

/** "Quliyev Rəşad", or the e-mail when the name is empty. */
export const personName = (person: Pick<Operator, 'last_name' | 'first_name' | 'email'>) =>
  `${person.last_name} ${person.first_name}`.trim() || person.email;

/** "Quliyev Rəşad (inspector@demo.az)": how a person is picked. */
export const personLabel = (person: Pick<Operator, 'last_name' | 'first_name' | 'email'>) =>
  `${personName(person)} (${person.email})`;
