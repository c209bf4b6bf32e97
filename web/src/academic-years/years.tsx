// Academic years with their semesters (spec 4.7): the list, a new year with its semesters saved in
// one request, a year's start moved, a semester's dates changed, a missing semester added. The API
// computes a year's title and its end (30 June); a refusal is shown at the date it concerns.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatLongDate } from '../shared/dates';
import { Dialog, RemoveConfirm } from '../shared/dialog';
import { ApiFormFrame, Field, useApiForm, type ApiForm } from '../shared/form';
import { indexIn, refusal } from '../shared/field-errors';
import { DataTable } from '../shared/table';
import { useLastLoaded, type Loaded } from '../shared/ui';

export type AcademicYear = Schemas['AcademicYearResponse'];
type Semester = Schemas['SemesterResponse'];
type SemesterType = Semester['semesterType'];

export const SEMESTER_NAMES: Record<SemesterType, string> = { autumn: 'Осенний семестр', spring: 'Весенний семестр' };
const SEMESTER_TYPES: SemesterType[] = ['autumn', 'spring'];

const period = (item: { startDate: string; endDate: string }) => `${formatLongDate(item.startDate)} — ${formatLongDate(item.endDate)}`;

export function AcademicYears({ years, onChanged }: { years: Loaded<AcademicYear[]>; onChanged: () => void }) {
  const [editing, setEditing] = useState<number>();
  const [notice, setNotice] = useState<string>();
  const list = useLastLoaded(years) ?? [];
  const edited = list.find((year) => year.id === editing);
  return (
    <section class="panel" aria-labelledby="years-title">
      <h2 id="years-title">Учебные годы и семестры</h2>
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      <DataTable<AcademicYear>
        id="years-table"
        caption={`Учебных годов: ${list.length}`}
        rows={years}
        rowKey={(year) => year.id}
        rowProps={(year) => ({ 'data-year': year.title })}
        pageSize={100}
        empty="Учебных годов пока нет."
        columns={[
          { title: 'Учебный год', rowHeader: true, cell: (year) => year.title },
          { title: 'Период', cell: (year) => period(year) },
          {
            title: 'Семестры',
            cell: (year) => (
              <ul class="plain-list">
                {year.semesters.map((semester) => (
                  <li key={semester.id}>{`${SEMESTER_NAMES[semester.semesterType]}: ${period(semester)}`}</li>
                ))}
              </ul>
            ),
          },
          {
            title: 'Действия',
            cell: (year) => (
              <button type="button" class="link-button" aria-label={`Изменить учебный год ${year.title}`} onClick={() => (setNotice(undefined), setEditing(year.id))}>
                Изменить
              </button>
            ),
          },
        ]}
      />
      {edited ? (
        <YearEditor
          key={edited.id}
          year={edited}
          onChanged={onChanged}
          onClose={() => setEditing(undefined)}
          onRemoved={() => {
            setEditing(undefined);
            setNotice(`Учебный год ${edited.title} удалён вместе с семестрами.`);
            onChanged();
          }}
        />
      ) : null}
      <NewYear onCreated={onChanged} />
    </section>
  );
}

type NewYearValues = { startDate: string; autumnStart: string; autumnEnd: string; springStart: string; springEnd: string };

/** The semesters a new year's form sends, in the order the API numbers them (`semesters[i]`). */
const semestersOf = (values: NewYearValues): Schemas['SemesterRequest'][] => [
  ...(values.autumnStart || values.autumnEnd ? [{ semesterType: 'autumn' as const, startDate: values.autumnStart, endDate: values.autumnEnd }] : []),
  ...(values.springStart || values.springEnd ? [{ semesterType: 'spring' as const, startDate: values.springStart, endDate: values.springEnd }] : []),
];

/** `semesters[i].endDate` → the end date control of that semester (a taken type: its start). */
function semesterControl(values: NewYearValues, path: string): keyof NewYearValues | undefined {
  const index = indexIn(path, 'semesters');
  if (index === undefined) return undefined;
  const type = semestersOf(values)[index]?.semesterType;
  if (!type) return undefined;
  return path.endsWith('.endDate') ? (type === 'autumn' ? 'autumnEnd' : 'springEnd') : type === 'autumn' ? 'autumnStart' : 'springStart';
}

function NewYear({ onCreated }: { onCreated: () => void }) {
  const form: ApiForm<NewYearValues> = useApiForm<NewYearValues>({
    initial: { startDate: '', autumnStart: '', autumnEnd: '', springStart: '', springEnd: '' },
    resetOnSuccess: true,
    fields: (path): keyof NewYearValues | undefined => semesterControl(form.values, path),
    send: async (values) => {
      const semesters = semestersOf(values);
      if (!semesters.length) throw refusal('autumnStart', 'Осенний семестр: укажите даты хотя бы одного семестра');
      const year = await data(api.POST('/api/admin/calendar/years', { body: { startDate: values.startDate, semesters } }));
      onCreated();
      return `Создан учебный год ${year.title} (${period(year)}), семестров: ${year.semesters.length}.`;
    },
  });
  const date = (name: keyof typeof form.values, label: string) => (
    <Field
      label={label}
      error={form.errorAt(name)}
      control={(props) => <input {...props} type="date" value={form.values[name]} onInput={(event) => form.set(name, event.currentTarget.value)} />}
    />
  );
  return (
    <section aria-labelledby="new-year-title">
      <h3 id="new-year-title">Новый учебный год</h3>
      <ApiFormFrame form={form} label="Новый учебный год" submitText="Создать учебный год">
        {date('startDate', 'Начало учебного года')}
        <p class="hint">Название и окончание (30 июня) вычисляются по дате начала.</p>
        <fieldset class="date-pair">
          <legend>Осенний семестр</legend>
          {date('autumnStart', 'Начало осеннего семестра')}
          {date('autumnEnd', 'Окончание осеннего семестра')}
        </fieldset>
        <fieldset class="date-pair">
          <legend>Весенний семестр</legend>
          {date('springStart', 'Начало весеннего семестра')}
          {date('springEnd', 'Окончание весеннего семестра')}
        </fieldset>
      </ApiFormFrame>
    </section>
  );
}

function YearEditor({ year, onChanged, onClose, onRemoved }: { year: AcademicYear; onChanged: () => void; onClose: () => void; onRemoved: () => void }) {
  const [removing, setRemoving] = useState(false);
  const form = useApiForm({
    initial: { startDate: year.startDate },
    send: async (values) => {
      const saved = await data(api.PUT('/api/admin/calendar/years/{id}', { params: { path: { id: year.id } }, body: { startDate: values.startDate } }));
      onChanged();
      return `Учебный год ${saved.title}: ${period(saved)}.`;
    },
  });
  return (
    <section class="panel" aria-labelledby="year-editor-title" id="year-editor">
      <div class="panel-head">
        <h3 id="year-editor-title">{`Учебный год ${year.title}`}</h3>
        <div class="row-actions">
          <button type="button" class="link-button" onClick={() => setRemoving(true)}>
            Удалить учебный год
          </button>
          <button type="button" class="link-button" onClick={onClose}>
            Закрыть
          </button>
        </div>
      </div>
      <ApiFormFrame form={form} label={`Начало учебного года ${year.title}`} submitText="Сохранить начало года">
        <Field
          label="Начало учебного года"
          error={form.errorAt('startDate')}
          control={(props) => <input {...props} type="date" value={form.values.startDate} onInput={(event) => form.set('startDate', event.currentTarget.value)} />}
        />
      </ApiFormFrame>
      {SEMESTER_TYPES.map((type) => (
        // One form per type, in one list: a semester just added keeps its form (and success line), now editing it.
        <SemesterForm key={type} yearId={year.id} semester={year.semesters.find((semester) => semester.semesterType === type)} type={type} onChanged={onChanged} />
      ))}
      <Dialog title="Удалить учебный год" open={removing} onClose={() => setRemoving(false)}>
        <RemoveConfirm
          question={`Удалить учебный год ${year.title} (${period(year)}) вместе с его семестрами? Это действие нельзя отменить.`}
          run={() => data(api.DELETE('/api/admin/calendar/years/{id}', { params: { path: { id: year.id } } }))}
          onDone={() => {
            setRemoving(false);
            onRemoved();
          }}
        />
      </Dialog>
    </section>
  );
}

function SemesterForm({ yearId, semester, type, onChanged }: { yearId: number; semester?: Semester; type: SemesterType; onChanged: () => void }) {
  const name = SEMESTER_NAMES[type];
  const form = useApiForm({
    initial: { startDate: semester?.startDate ?? '', endDate: semester?.endDate ?? '' },
    otherwise: 'startDate',
    send: async (values) => {
      const body = { semesterType: type, startDate: values.startDate, endDate: values.endDate };
      const saved = semester
        ? await data(api.PUT('/api/admin/calendar/semesters/{id}', { params: { path: { id: semester.id } }, body }))
        : await data(api.POST('/api/admin/calendar/years/{academicYearId}/semesters', { params: { path: { academicYearId: yearId } }, body }));
      onChanged();
      return `${name}: ${period(saved)}.`;
    },
  });
  const lower = name.toLowerCase();
  return (
    <ApiFormFrame form={form} label={semester ? name : `Добавить: ${lower}`} submitText={semester ? `Сохранить: ${lower}` : `Добавить: ${lower}`}>
      <fieldset class="date-pair">
        <legend>{semester ? name : `${name} (ещё нет)`}</legend>
        <Field
          label={`Начало (${lower})`}
          error={form.errorAt('startDate')}
          control={(props) => <input {...props} type="date" value={form.values.startDate} onInput={(event) => form.set('startDate', event.currentTarget.value)} />}
        />
        <Field
          label={`Окончание (${lower})`}
          error={form.errorAt('endDate')}
          control={(props) => <input {...props} type="date" value={form.values.endDate} onInput={(event) => form.set('endDate', event.currentTarget.value)} />}
        />
      </fieldset>
    </ApiFormFrame>
  );
}
