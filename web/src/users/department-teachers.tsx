// /admin/#department-teachers: the department's teachers today (primary or additional link, spec
// 4.17) with each one's assignment history, and an additional open-ended link of another teacher to
// the department from today. The
// department names the teacher by their number in the system (the API keeps other departments'
// teacher lists from it); the refusal of a wrong or already linked one is shown at that field.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { AssignmentHistory } from './assignment-history';
import { formatShortDate } from '../shared/dates';
import { Dialog } from '../shared/dialog';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { useLoad } from '../shared/ui';

type Teacher = Schemas['UserResponse'];

export default function DepartmentTeachers() {
  const rows = useLoad(() => data(api.GET('/api/department/teachers')), []);
  const [historyOf, setHistoryOf] = useState<Teacher>();
  const form = useApiForm({
    initial: { teacherId: '', comment: '' },
    send: async (values) => {
      const link = await data(
        api.POST('/api/department/teachers/{teacherId}/assignments', {
          params: { path: { teacherId: Number(values.teacherId) } },
          body: { comment: values.comment || undefined },
        }),
      );
      rows.reload();
      return `Преподаватель №${link.userId} привязан к кафедре «${link.departmentName}» с ${formatShortDate(link.validFrom)} (дополнительная привязка)`;
    },
    fieldOf: () => 'teacherId',
    resetOnSuccess: true,
  });
  return (
    <>
      <h1 id="page-title">Преподаватели кафедры</h1>
      <DataTable<Teacher>
        caption="Преподаватели кафедры на сегодня"
        rows={rows}
        rowKey={(teacher) => teacher.id}
        filterText={(teacher) => `${teacher.fullName} ${teacher.username} ${teacher.jobTitle}`}
        empty="Сегодня за кафедрой нет преподавателей."
        columns={[
          { title: '№', cell: (teacher) => teacher.id, compare: (a, b) => a.id - b.id },
          { title: 'ФИО', cell: (teacher) => teacher.fullName, compare: (a, b) => a.fullName.localeCompare(b.fullName, 'ru') },
          { title: 'Логин', cell: (teacher) => teacher.username },
          { title: 'Должность', cell: (teacher) => teacher.jobTitle },
          { title: 'Основная кафедра', cell: (teacher) => teacher.departmentName ?? '' },
          {
            title: 'История',
            cell: (teacher) => (
              <button type="button" onClick={() => setHistoryOf(teacher)} aria-label={`История привязок: ${teacher.fullName}`}>
                История
              </button>
            ),
          },
        ]}
      />
      <Dialog title="История привязок к кафедрам" open={historyOf !== undefined} onClose={() => setHistoryOf(undefined)}>
        {historyOf ? <AssignmentHistory user={historyOf} /> : null}
      </Dialog>
      <h2>Дополнительная привязка</h2>
      <ApiFormFrame form={form} label="Дополнительная привязка преподавателя" submitText="Привязать">
        <Field
          label="Номер преподавателя"
          hint="Номер в системе (его сообщает администратор); привязка действует с сегодняшнего дня без даты окончания"
          error={form.errorAt('teacherId')}
          control={(props) => <input {...props} inputMode="numeric" value={form.values.teacherId} onInput={(event) => form.set('teacherId', event.currentTarget.value)} />}
        />
        <Field label="Комментарий к привязке" control={(props) => <input {...props} value={form.values.comment} onInput={(event) => form.set('comment', event.currentTarget.value)} />} />
      </ApiFormFrame>
    </>
  );
}
