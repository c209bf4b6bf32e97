// /admin/#department-teachers: the department's teachers today (primary or additional link, spec
// 4.17) or, with «На дату», on a chosen date by the assignment history (4.3), with each one's
// assignment history, and an additional open-ended link of another teacher to the department from
// today. The
// department names the teacher by the login the teacher tells (the API keeps other departments'
// teacher lists from it, and a number in the system is nothing a department knows); the refusal of
// an unknown or already linked one is shown at that field.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { AssignmentHistory } from './assignment-history';
import { formatLongDate, formatShortDate, isDate } from '../shared/dates';
import { Dialog } from '../shared/dialog';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { completeDate, dateProblem, useSettled } from '../shared/settled';
import { DataTable } from '../shared/table';
import { useMe } from '../shared/session';
import { useLoad, type Loaded } from '../shared/ui';

type Teacher = Schemas['UserResponse'];

export default function DepartmentTeachers() {
  const me = useMe();
  // Empty = today (4.17's list); a date = the 4.3 list of that date, for the department's own id.
  const [date, setDate] = useState('');
  // Each answer carries the date it was asked for: until the new date's list comes, the previous one
  // stays only as the table's busy state (aria-busy), never as the new date's answer.
  // The API is asked once typing has paused and the year is whole (issue 55): a year typed digit by digit
  // (0002, 0020, 0202) is not three requests, and is said at the field; anything else the API judges.
  const asked = useSettled(date);
  const incomplete = isDate(asked) && !completeDate(asked);
  const loaded = useLoad(async () => {
    if (incomplete) return { date: asked, list: [] };
    const list = asked
      ? await data(api.GET('/api/users/teachers/by-department/{departmentId}', { params: { path: { departmentId: me.departmentId ?? 0 }, query: { date: asked } } }))
      : await data(api.GET('/api/department/teachers'));
    return { date: asked, list };
  }, [asked]);
  const rows: Loaded<Teacher[]> & { reload: () => void } =
    loaded.state !== 'done' ? loaded : loaded.data.date === date ? { state: 'done', data: loaded.data.list, reload: loaded.reload } : { state: 'loading', reload: loaded.reload };
  // A refused date is the field's error (the browser lets a year of five digits through, the API not); the table then stays away rather than repeat it.
  const dateError = incomplete && asked === date ? dateProblem(asked) : date && rows.state === 'error' ? rows.message : undefined;
  const [historyOf, setHistoryOf] = useState<Teacher>();
  const form = useApiForm({
    initial: { username: '', comment: '' },
    send: async (values) => {
      const teacher = await data(api.GET('/api/department/teachers/by-username', { params: { query: { username: values.username.trim() } } }));
      const link = await data(
        api.POST('/api/department/teachers/{teacherId}/assignments', {
          params: { path: { teacherId: teacher.id } },
          body: { comment: values.comment || undefined },
        }),
      );
      rows.reload();
      return `${teacher.fullName} (${teacher.username}) привязан(а) к кафедре «${link.departmentName}» с ${formatShortDate(link.validFrom)} (дополнительная привязка)`;
    },
    otherwise: 'username',
    resetOnSuccess: true,
  });
  return (
    <>
      <h1 id="page-title">Преподаватели кафедры</h1>
      <div class="inline-form">
        <Field
          label="На дату"
          hint="Пусто — на сегодня; дата — по истории привязок (основных и дополнительных)"
          error={dateError}
          control={(props) => <input {...props} type="date" value={date} onChange={(event) => setDate(event.currentTarget.value)} />}
        />
      </div>
      {dateError ? null : (
        <DataTable<Teacher>
          caption={date ? `Преподаватели кафедры на ${/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatLongDate(date) : date}` : 'Преподаватели кафедры на сегодня'}
          rows={rows}
          rowKey={(teacher) => teacher.id}
          filterText={(teacher) => `${teacher.fullName} ${teacher.username} ${teacher.jobTitle}`}
          empty={date ? 'На эту дату за кафедрой нет преподавателей.' : 'Сегодня за кафедрой нет преподавателей.'}
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
      )}
      <Dialog title="История привязок к кафедрам" open={historyOf !== undefined} onClose={() => setHistoryOf(undefined)}>
        {historyOf ? <AssignmentHistory user={historyOf} /> : null}
      </Dialog>
      <h2>Дополнительная привязка</h2>
      <ApiFormFrame form={form} label="Дополнительная привязка преподавателя" submitText="Привязать">
        <Field
          label="Логин преподавателя"
          hint="Логин, под которым преподаватель входит в систему; привязка действует с сегодняшнего дня без даты окончания"
          error={form.errorAt('username')}
          control={(props) => <input {...props} autoComplete="off" value={form.values.username} onInput={(event) => form.set('username', event.currentTarget.value)} />}
        />
        <Field label="Комментарий к привязке" control={(props) => <input {...props} value={form.values.comment} onInput={(event) => form.set('comment', event.currentTarget.value)} />} />
      </ApiFormFrame>
    </>
  );
}
