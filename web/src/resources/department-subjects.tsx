// /admin/#department-subjects: the department's subjects (spec 4.17): the list, an import of a list
// (one subject per line, «название; код»; names trimmed and matched case-insensitively, a repeated name
// counts once with its last code), and comments per subject. A name another department owns refuses
// the whole import (409): the page marks those names in the pasted list and keeps the text. Below, the
// department links its teachers to its subjects, optionally for some lesson types only (spec 4.20),
// on the same desk «Справочники» uses.
import { useMemo, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { departmentTeacherSubjects, EntityDesk } from '../reference-data';
import { Dialog } from '../shared/dialog';
import { indexIn } from '../shared/field-errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { universityTimeZone } from '../shared/dates';

type Subject = Schemas['SubjectResponse'];

/** The lines of the import box as API items: «название; код» or «название» alone. */
export function parseSubjectLines(text: string): { name: string; code: string | null }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, ...rest] = line.split(/[;\t]/);
      const code = rest.join(';').trim();
      return { name: name.trim(), code: code || null };
    });
}

export default function DepartmentSubjects() {
  const rows = useLoad(() => data(api.GET('/api/department/subjects')), []);
  const [commentsOf, setCommentsOf] = useState<Subject>();
  const form = useApiForm({
    initial: { list: '' },
    send: async (values) => {
      const items = parseSubjectLines(values.list);
      const saved = await data(api.POST('/api/department/subjects/import', { body: items }));
      rows.reload();
      return `Импортировано дисциплин: ${saved.length}`;
    },
    otherwise: 'list',
  });
  const preview = useMemo(() => parseSubjectLines(form.values.list), [form.values.list]);
  // The lines the refusal names (`[2].name`: the third line of the list sent).
  const refused = new Set(form.errorFields.flatMap((path) => indexIn(path) ?? []));

  return (
    <>
      <h1 id="page-title">Дисциплины кафедры</h1>
      <DataTable<Subject>
        caption="Дисциплины кафедры"
        rows={rows}
        rowKey={(subject) => subject.id}
        filterText={(subject) => `${subject.name} ${subject.code ?? ''}`}
        empty="У кафедры пока нет дисциплин."
        columns={[
          { title: 'Название', cell: (subject) => subject.name, compare: (a, b) => a.name.localeCompare(b.name, 'ru') },
          { title: 'Код', cell: (subject) => subject.code ?? '' },
          {
            title: 'Комментарии',
            cell: (subject) => (
              <button type="button" onClick={() => setCommentsOf(subject)} aria-label={`Комментарии: ${subject.name}`}>
                Комментарии
              </button>
            ),
          },
        ]}
      />
      <h2>Импорт списка</h2>
      <ApiFormFrame form={form} label="Импорт дисциплин" submitText="Импортировать">
        <Field
          label="Список дисциплин"
          hint="По одной на строке: «Название; код» (код можно не указывать). Повторная загрузка своей дисциплины обновляет код."
          error={form.errorAt('list')}
          control={(props) => <textarea {...props} rows={6} value={form.values.list} onInput={(event) => form.set('list', event.currentTarget.value)} />}
        />
        {preview.length > 0 ? (
          <DataTable<{ item: (typeof preview)[number]; index: number }>
            caption={`К импорту: ${preview.length}`}
            rows={{ state: 'done', data: preview.map((item, index) => ({ item, index })) }}
            rowKey={({ item, index }) => `${item.name}-${index}`}
            rowProps={({ index }): Record<string, string> => (refused.has(index) ? { class: 'row-refused' } : {})}
            pageSize={1000}
            columns={[
              { title: 'Название', cell: ({ item }) => item.name },
              { title: 'Код', cell: ({ item }) => item.code ?? '' },
              { title: 'Итог', cell: ({ index }) => (refused.has(index) ? 'Закреплена за другой кафедрой (409)' : '') },
            ]}
          />
        ) : null}
      </ApiFormFrame>
      <EntityDesk descriptor={departmentTeacherSubjects} />
      <Dialog title={commentsOf ? `Комментарии: ${commentsOf.name}` : 'Комментарии'} open={commentsOf !== undefined} onClose={() => setCommentsOf(undefined)}>
        {commentsOf ? <SubjectComments subject={commentsOf} /> : null}
      </Dialog>
    </>
  );
}

function SubjectComments({ subject }: { subject: Subject }) {
  const comments = useLoad(() => data(api.GET('/api/department/subjects/{subjectId}/comments', { params: { path: { subjectId: subject.id } } })), [subject.id]);
  const form = useApiForm({
    initial: { text: '' },
    send: async (values) => {
      await data(api.POST('/api/department/subjects/{subjectId}/comments', { params: { path: { subjectId: subject.id } }, body: values }));
      comments.reload();
      return 'Комментарий добавлен';
    },
    resetOnSuccess: true,
  });
  return (
    <>
      {comments.state === 'loading' ? <Status>Загрузка…</Status> : null}
      {comments.state === 'error' ? <ErrorLine message={comments.message} /> : null}
      {comments.state === 'done' ? (
        comments.data.length === 0 ? (
          <p class="empty">Комментариев нет.</p>
        ) : (
          <ul class="comments">
            {comments.data.map((comment) => (
              <li key={comment.id}>
                <strong>{comment.authorName}</strong>
                {` (${new Date(comment.createdAt).toLocaleString('ru-RU', { timeZone: universityTimeZone() })}): ${comment.text}`}
              </li>
            ))}
          </ul>
        )
      ) : null}
      <ApiFormFrame form={form} label="Новый комментарий" submitText="Добавить">
        <Field label="Комментарий" error={form.errorAt('text')} control={(props) => <textarea {...props} rows={2} value={form.values.text} onInput={(event) => form.set('text', event.currentTarget.value)} />} />
      </ApiFormFrame>
    </>
  );
}
