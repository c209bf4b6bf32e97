// The subjects bound to an academic calendar, per semester (spec 4.8): the list, a subject added to a
// semester, a binding removed. Every change sends the whole list in one PUT, so the API checks it whole;
// a refusal is shown at the form and the list stays as stored.
import { useState } from 'preact/hooks';
import { api, ApiError, data, type Schemas } from '../api/client';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { ErrorLine, useLoad } from '../shared/ui';

type Calendar = Schemas['CalendarResponse'];
type Binding = Schemas['CalendarSubjectResponse'];

const requestOf = (list: Binding[]) => list.map((item) => ({ semesterNumber: item.semesterNumber, subjectId: item.subjectId }));

export function CalendarSubjects({ calendar }: { calendar: Calendar }) {
  const bindings = useLoad(() => data(api.GET('/api/admin/academic-calendars/{id}/subjects', { params: { path: { id: calendar.id } } })), [calendar.id]);
  const subjects = useLoad(() => data(api.GET('/api/subjects')), []);
  const [removal, setRemoval] = useState<string>();
  const list = bindings.state === 'done' ? [...bindings.data].sort((a, b) => a.semesterNumber - b.semesterNumber || a.subjectName.localeCompare(b.subjectName, 'ru')) : [];
  const semesters = Array.from({ length: calendar.courseCount * 2 }, (_, index) => index + 1);

  const replace = (next: Schemas['CalendarSubjectRequest'][]) => data(api.PUT('/api/admin/academic-calendars/{id}/subjects', { params: { path: { id: calendar.id } }, body: next }));

  async function remove(binding: Binding): Promise<void> {
    setRemoval(undefined);
    try {
      await replace(requestOf(list.filter((item) => item.id !== binding.id)));
      bindings.reload();
    } catch (error) {
      setRemoval(messageOf(error));
    }
  }

  const form = useApiForm({
    initial: { semesterNumber: '1', subjectId: '' },
    otherwise: 'subjectId',
    send: async (values) => {
      if (!values.subjectId) throw new ApiError(400, 'Выберите дисциплину');
      const saved = await replace([...requestOf(list), { semesterNumber: Number(values.semesterNumber), subjectId: Number(values.subjectId) }]);
      bindings.reload();
      const added = saved.find((item) => item.subjectId === Number(values.subjectId) && item.semesterNumber === Number(values.semesterNumber));
      return `Дисциплина «${added?.subjectName ?? ''}» привязана к ${values.semesterNumber} семестру.`;
    },
  });

  return (
    <section class="panel" aria-labelledby="calendar-subjects-title">
      <h3 id="calendar-subjects-title">Дисциплины по семестрам</h3>
      {removal ? <ErrorLine message={removal} /> : null}
      <DataTable<Binding>
        id="calendar-subjects"
        caption={`Привязанных дисциплин: ${list.length}`}
        rows={bindings.state === 'done' ? { state: 'done', data: list } : bindings}
        rowKey={(item) => item.id}
        pageSize={100}
        empty="К календарю пока не привязано ни одной дисциплины."
        columns={[
          { title: 'Семестр', cell: (item) => item.semesterNumber },
          { title: 'Дисциплина', cell: (item) => item.subjectName },
          { title: 'Код', cell: (item) => item.subjectCode ?? '' },
          {
            title: 'Действия',
            cell: (item) => (
              <button type="button" class="link-button" aria-label={`Убрать «${item.subjectName}» из ${item.semesterNumber} семестра`} onClick={() => void remove(item)}>
                Убрать
              </button>
            ),
          },
        ]}
      />
      <ApiFormFrame form={form} label="Привязать дисциплину" submitText="Привязать дисциплину">
        <div class="inline-form">
          <Field
            label="Семестр"
            error={form.errorAt('semesterNumber')}
            control={(props) => (
              <select {...props} value={form.values.semesterNumber} onChange={(event) => form.set('semesterNumber', event.currentTarget.value)}>
                {semesters.map((number) => (
                  <option key={number} value={number}>{`${number} семестр (${Math.ceil(number / 2)} курс)`}</option>
                ))}
              </select>
            )}
          />
          <Field
            label="Дисциплина"
            error={form.errorAt('subjectId') ?? (subjects.state === 'error' ? subjects.message : undefined)}
            control={(props) => (
              <select {...props} value={form.values.subjectId} onChange={(event) => form.set('subjectId', event.currentTarget.value)}>
                <option value="">Выберите дисциплину</option>
                {(subjects.state === 'done' ? [...subjects.data].sort((a, b) => a.name.localeCompare(b.name, 'ru')) : []).map((subject) => (
                  <option key={subject.id} value={subject.id}>
                    {subject.code ? `${subject.name} (${subject.code})` : subject.name}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
      </ApiFormFrame>
    </section>
  );
}
