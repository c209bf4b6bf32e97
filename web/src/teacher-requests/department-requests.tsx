// /admin/#department-teacher-requests: the department asks the administrator to create a teacher
// (spec 4.17; a second pending request with the same username is refused) and follows its requests.
import { api, data, type Schemas } from '../api/client';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';

type Request = Schemas['TeacherRequestResponse'];

const STATUS_NAMES: Record<string, string> = { PENDING: 'Ожидает решения', APPROVED: 'Преподаватель создан', REJECTED: 'Отклонена' };

export default function DepartmentTeacherRequests() {
  const rows = useLoad(() => data(api.GET('/api/department/teacher-requests')), []);
  const form = useApiForm({
    initial: { username: '', fullName: '', jobTitle: '', comment: '' },
    send: async (values) => {
      const created = await data(api.POST('/api/department/teacher-requests', { body: values }));
      rows.reload();
      return `Заявка на «${created.fullName}» (${created.username}) отправлена администратору`;
    },
    resetOnSuccess: true,
  });
  return (
    <>
      <h1 id="page-title">Заявки на преподавателей</h1>
      <h2>Новая заявка</h2>
      <ApiFormFrame form={form} label="Заявка на создание преподавателя" submitText="Отправить заявку">
        <Field label="Логин" error={form.errorAt('username')} control={(props) => <input {...props} autoComplete="off" value={form.values.username} onInput={(event) => form.set('username', event.currentTarget.value)} />} />
        <Field label="ФИО" error={form.errorAt('fullName')} control={(props) => <input {...props} value={form.values.fullName} onInput={(event) => form.set('fullName', event.currentTarget.value)} />} />
        <Field label="Должность" error={form.errorAt('jobTitle')} control={(props) => <input {...props} value={form.values.jobTitle} onInput={(event) => form.set('jobTitle', event.currentTarget.value)} />} />
        <Field label="Комментарий" error={form.errorAt('comment')} control={(props) => <textarea {...props} rows={2} value={form.values.comment} onInput={(event) => form.set('comment', event.currentTarget.value)} />} />
      </ApiFormFrame>
      <h2>Заявки кафедры</h2>
      <DataTable<Request>
        caption="Заявки кафедры на создание преподавателей"
        rows={rows}
        rowKey={(request) => request.id}
        filterText={(request) => `${request.username} ${request.fullName}`}
        empty="Заявок пока нет."
        columns={[
          { title: 'ФИО', cell: (request) => request.fullName, compare: (a, b) => a.fullName.localeCompare(b.fullName, 'ru') },
          { title: 'Логин', cell: (request) => request.username },
          { title: 'Должность', cell: (request) => request.jobTitle },
          { title: 'Статус', cell: (request) => STATUS_NAMES[request.status] ?? request.status, compare: (a, b) => a.status.localeCompare(b.status) },
          { title: 'Комментарий администратора', cell: (request) => request.reviewComment ?? '' },
        ]}
      />
    </>
  );
}
