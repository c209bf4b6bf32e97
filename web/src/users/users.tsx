// /admin/#users (ADMIN, spec 4.3): the users of the university, searched, filtered, ordered and paged
// by the API (`/api/users/page`); a user's card (archive or restore, e-mail, password reset,
// department transfer with its history) opens in a dialog; a new user is created below the list.
import { useState } from 'preact/hooks';
import { api, data, type Role, type Schemas } from '../api/client';
import { Dialog } from '../shared/dialog';
import { Field } from '../shared/form';
import { useSettled } from '../shared/settled';
import { PagedTable, type PageOrder } from '../shared/table';
import { useId, useLoad } from '../shared/ui';
import { DepartmentOptions, useDepartments } from './departments';
import { RoleOptions } from './fields';
import { ROLE_NAMES, STATUS_NAMES } from './names';
import { CreateUser } from './user-create';
import { UserCard } from './user-card';

type User = Schemas['UserResponse'];
/** The orders `/api/users/page` offers (spec 4.3): the columns with a `sortKey`. */
type UserSort = 'fullName' | 'username' | 'role' | 'status';

const PAGE_SIZE = 20;

export default function Users() {
  const departments = useDepartments();
  const [filter, setFilter] = useState({ query: '', role: '', departmentId: '', includeArchived: false });
  // The list is asked for once typing pauses, not at every letter.
  const query = useSettled(filter.query.trim());
  const [order, setOrder] = useState<PageOrder>({ sort: 'fullName', direction: 'asc' });
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<User>();
  const archivedId = useId('include-archived');
  const users = useLoad(
    () =>
      data(
        api.GET('/api/users/page', {
          params: {
            query: {
              query: query || undefined,
              role: (filter.role || undefined) as Role | undefined,
              departmentId: filter.departmentId ? Number(filter.departmentId) : undefined,
              includeArchived: filter.includeArchived,
              sort: order.sort as UserSort,
              direction: order.direction,
              page,
              size: PAGE_SIZE,
            },
          },
        }),
      ),
    [query, filter.role, filter.departmentId, filter.includeArchived, order.sort, order.direction, page],
  );
  // A new filter starts again from the first page.
  const change = (next: Partial<typeof filter>) => (setFilter({ ...filter, ...next }), setPage(0));

  return (
    <>
      <h1 id="page-title">Пользователи</h1>
      <div class="filters" role="search" aria-label="Отбор пользователей">
        <Field label="Поиск: логин, ФИО или должность" control={(props) => <input {...props} type="search" value={filter.query} onInput={(event) => change({ query: event.currentTarget.value })} />} />
        <Field
          label="Роль"
          control={(props) => (
            <select {...props} value={filter.role} onChange={(event) => change({ role: event.currentTarget.value })}>
              <option value="">Все роли</option>
              <RoleOptions />
            </select>
          )}
        />
        <Field
          label="Кафедра"
          hint="Основная кафедра на сегодня"
          control={(props) => (
            <select {...props} value={filter.departmentId} onChange={(event) => change({ departmentId: event.currentTarget.value })}>
              <option value="">Все кафедры</option>
              <DepartmentOptions departments={departments} />
            </select>
          )}
        />
        <div class="check">
          <input id={archivedId} type="checkbox" checked={filter.includeArchived} onChange={(event) => change({ includeArchived: event.currentTarget.checked })} />
          <label for={archivedId}>Показывать архивных</label>
        </div>
      </div>
      <PagedTable<User>
        caption="Пользователи"
        rows={users}
        rowKey={(user) => user.id}
        order={order}
        onOrder={(next) => (setOrder(next), setPage(0))}
        onPage={setPage}
        empty="Пользователей по этим условиям нет."
        columns={[
          { title: 'ФИО', cell: (user) => user.fullName, sortKey: 'fullName' },
          { title: 'Логин', cell: (user) => user.username, sortKey: 'username' },
          { title: 'Роль', cell: (user) => ROLE_NAMES[user.role], sortKey: 'role' },
          { title: 'Кафедра', cell: (user) => user.departmentName ?? '' },
          { title: 'Должность', cell: (user) => user.jobTitle },
          { title: 'Статус', cell: (user) => STATUS_NAMES[user.status] ?? user.status, sortKey: 'status' },
          {
            title: 'Действия',
            cell: (user) => (
              <button type="button" class="link-button" onClick={() => setOpened(user)} aria-label={`Открыть: ${user.fullName} (${user.username})`}>
                Открыть
              </button>
            ),
          },
        ]}
      />
      <Dialog title={opened ? `${opened.fullName} (${opened.username})` : 'Пользователь'} open={opened !== undefined} onClose={() => setOpened(undefined)}>
        {opened ? <UserCard key={opened.id} user={opened} departments={departments} onChanged={(user) => (setOpened(user), users.reload())} /> : null}
      </Dialog>
      <h2 class="section-title">Новый пользователь</h2>
      <CreateUser departments={departments} onCreated={users.reload} />
    </>
  );
}
