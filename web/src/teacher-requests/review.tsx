// /admin/#teacher-requests (ADMIN, spec 4.4): the departments' requests to create a teacher, waiting
// ones first by default, searched and paged by the API. Approving creates the teacher: the
// administrator sets the password (the request stores none) and may correct the login, name, job
// title or department; rejecting needs a reason. A refusal is shown at its field, input kept.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { Dialog } from '../shared/dialog';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { useSettled } from '../shared/settled';
import { PagedTable } from '../shared/table';
import { useLoad, type Loaded } from '../shared/ui';
import { formatMoment } from '../shared/dates';
import { DepartmentOptions, useDepartments, type Department } from '../users';

type Request = Schemas['TeacherRequestResponse'];
type Status = Request['status'];

const STATUS_NAMES: Record<Status, string> = { PENDING: 'ожидает решения', APPROVED: 'одобрена', REJECTED: 'отклонена' };
const PAGE_SIZE = 20;
/** When a request was submitted, in the service's business zone. */
const when = (moment: string) => formatMoment(moment);

export default function TeacherRequestsReview() {
  const [filter, setFilter] = useState<{ query: string; status: Status | '' }>({ query: '', status: 'PENDING' });
  const query = useSettled(filter.query.trim());
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<Request>();
  const [notice, setNotice] = useState<string>();
  const departments = useDepartments();
  const requests = useLoad(
    () => data(api.GET('/api/teacher-requests/page', { params: { query: { query: query || undefined, status: filter.status || undefined, page, size: PAGE_SIZE } } })),
    [query, filter.status, page],
  );
  const change = (next: Partial<typeof filter>) => (setFilter({ ...filter, ...next }), setPage(0));
  const decided = (text: string) => {
    setOpened(undefined);
    setNotice(text);
    requests.reload();
  };

  return (
    <>
      <h1 id="page-title">Заявки на преподавателей</h1>
      <div class="filters" role="search" aria-label="Отбор заявок">
        <Field label="Поиск: логин, ФИО, должность или кафедра" control={(props) => <input {...props} type="search" value={filter.query} onInput={(event) => change({ query: event.currentTarget.value })} />} />
        <Field
          label="Статус"
          control={(props) => (
            <select {...props} value={filter.status} onChange={(event) => change({ status: event.currentTarget.value as Status | '' })}>
              <option value="PENDING">Ожидают решения</option>
              <option value="APPROVED">Одобренные</option>
              <option value="REJECTED">Отклонённые</option>
              <option value="">Все</option>
            </select>
          )}
        />
      </div>
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      <PagedTable<Request>
        caption="Заявки на создание преподавателей"
        rows={requests}
        rowKey={(request) => request.id}
        onPage={setPage}
        empty={filter.status === 'PENDING' ? 'Заявок, ожидающих решения, нет.' : 'Заявок нет.'}
        columns={[
          { title: 'ФИО', cell: (request) => request.fullName },
          { title: 'Логин', cell: (request) => request.username },
          { title: 'Должность', cell: (request) => request.jobTitle },
          { title: 'Кафедра', cell: (request) => request.departmentName },
          { title: 'Подана', cell: (request) => `${when(request.createdAt)}, ${request.createdByName}` },
          { title: 'Комментарий кафедры', cell: (request) => request.comment ?? '' },
          { title: 'Статус', cell: (request) => STATUS_NAMES[request.status] },
          { title: 'Решение', cell: (request) => [request.reviewedByName, request.reviewComment].filter(Boolean).join(': ') },
          {
            title: 'Действия',
            cell: (request) =>
              request.status === 'PENDING' ? (
                <button type="button" class="link-button" onClick={() => (setNotice(undefined), setOpened(request))} aria-label={`Рассмотреть: ${request.fullName} (${request.username})`}>
                  Рассмотреть
                </button>
              ) : null,
          },
        ]}
      />
      <Dialog title={opened ? `Заявка: ${opened.fullName}` : 'Заявка'} open={opened !== undefined} onClose={() => setOpened(undefined)}>
        {opened ? <Decision key={opened.id} request={opened} departments={departments} onDecided={decided} /> : null}
      </Dialog>
    </>
  );
}

function Decision({ request, departments, onDecided }: { request: Request; departments: Loaded<Department[]>; onDecided: (text: string) => void }) {
  const path = { params: { path: { id: request.id } } };
  const approve = useApiForm({
    initial: { username: request.username, password: '', fullName: request.fullName, jobTitle: request.jobTitle, departmentId: String(request.departmentId), reviewComment: '' },
    send: async (values) => {
      const result = await data(
        api.POST('/api/teacher-requests/{id}/approve', {
          ...path,
          body: { ...values, departmentId: Number(values.departmentId), reviewComment: values.reviewComment || undefined },
        }),
      );
      onDecided(`Заявка одобрена: создан преподаватель «${result.fullName}» (логин ${result.username}). Сообщите ему пароль.`);
    },
  });
  const reject = useApiForm({
    initial: { reviewComment: '' },
    send: async (values) => {
      await data(api.POST('/api/teacher-requests/{id}/reject', { ...path, body: { reviewComment: values.reviewComment } }));
      onDecided(`Заявка на «${request.fullName}» (${request.username}) отклонена.`);
    },
    otherwise: 'reviewComment',
  });
  const text = (name: 'username' | 'fullName' | 'jobTitle' | 'reviewComment', label: string) => (
    <Field label={label} error={approve.errorAt(name)} control={(props) => <input {...props} autoComplete="off" value={approve.values[name]} onInput={(event) => approve.set(name, event.currentTarget.value)} />} />
  );
  return (
    <>
      <p>{`Подана ${when(request.createdAt)}: ${request.createdByName}, «${request.departmentName}».`}</p>
      {request.comment ? <p>{`Комментарий кафедры: ${request.comment}`}</p> : null}
      <h3>Одобрить</h3>
      <ApiFormFrame form={approve} label="Одобрить заявку" submitText="Одобрить и создать преподавателя">
        {text('username', 'Логин')}
        <Field
          label="Пароль преподавателя"
          hint="Задаёт администратор (в заявке пароля нет); не короче 8 символов"
          error={approve.errorAt('password')}
          control={(props) => <input {...props} type="password" autoComplete="new-password" value={approve.values.password} onInput={(event) => approve.set('password', event.currentTarget.value)} />}
        />
        {text('fullName', 'ФИО')}
        {text('jobTitle', 'Должность')}
        <Field
          label="Основная кафедра"
          error={approve.errorAt('departmentId')}
          control={(props) => (
            <select {...props} value={approve.values.departmentId} onChange={(event) => approve.set('departmentId', event.currentTarget.value)}>
              {departments.state === 'done' ? <DepartmentOptions departments={departments} /> : <option value={String(request.departmentId)}>{request.departmentName}</option>}
            </select>
          )}
        />
        {text('reviewComment', 'Комментарий для кафедры')}
      </ApiFormFrame>
      <h3>Отклонить</h3>
      <ApiFormFrame form={reject} label="Отклонить заявку" submitText="Отклонить заявку">
        <Field
          label="Причина отказа"
          hint="Обязательна: кафедра увидит её в своих заявках"
          error={reject.errorAt('reviewComment')}
          control={(props) => <textarea {...props} rows={2} value={reject.values.reviewComment} onInput={(event) => reject.set('reviewComment', event.currentTarget.value)} />}
        />
      </ApiFormFrame>
    </>
  );
}
