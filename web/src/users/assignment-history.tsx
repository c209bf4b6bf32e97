// A user's department assignments over time (GET /api/users/{id}/department-history), newest
// period as the API orders it: the department sees its teachers' history, the administrator anyone's.
import { api, data, type Schemas } from '../api/client';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';

type HistoryItem = Schemas['DepartmentHistoryItem'];

/** «01.09.2025»: periods span years, so the year is always shown. */
export const fullDate = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** `round` changes when the caller knows the history changed (after a transfer). */
export function AssignmentHistory({ user, round = 0 }: { user: Pick<Schemas['UserResponse'], 'id' | 'fullName'>; round?: number }) {
  const rows = useLoad(() => data(api.GET('/api/users/{id}/department-history', { params: { path: { id: user.id } } })), [user.id, round]);
  return (
    <DataTable<HistoryItem>
      caption={`Привязки к кафедрам: ${user.fullName}`}
      rows={rows}
      rowKey={(item) => item.id}
      empty="Привязок нет."
      columns={[
        { title: 'Кафедра', cell: (item) => item.departmentName },
        { title: 'Привязка', cell: (item) => (item.primary ? 'основная' : 'дополнительная') },
        { title: 'С', cell: (item) => fullDate(item.validFrom), compare: (a, b) => a.validFrom.localeCompare(b.validFrom) },
        { title: 'По', cell: (item) => (item.validTo ? fullDate(item.validTo) : 'без срока') },
        { title: 'Комментарий', cell: (item) => item.comment ?? '' },
      ]}
    />
  );
}
