// A user's department assignments over time (GET /api/users/{id}/department-history), newest
// period as the API orders it: the department sees its teachers' history, the administrator anyone's.
import { api, data, type Schemas } from '../api/client';
import { formatShortDate } from '../shared/dates';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';

type HistoryItem = Schemas['DepartmentHistoryItem'];

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
        { title: 'С', cell: (item) => formatShortDate(item.validFrom), compare: (a, b) => a.validFrom.localeCompare(b.validFrom) },
        { title: 'По', cell: (item) => (item.validTo ? formatShortDate(item.validTo) : 'без срока') },
        { title: 'Комментарий', cell: (item) => item.comment ?? '' },
      ]}
    />
  );
}
