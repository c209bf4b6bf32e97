// Academic calendars (spec 4.8): the list, a new calendar (the API names it and fills every course with
// code «Т» over the year), and one calendar opened: its fields (changed or the calendar deleted), its
// day grid and its subjects per semester.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import type { AcademicYear, ActivityType } from '../academic-years';
import { Dialog, RemoveConfirm } from '../shared/dialog';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { hashParam } from '../shared/router';
import { DataTable } from '../shared/table';
import { useLastLoaded, useLoad } from '../shared/ui';
import { CalendarSubjects } from './calendar-subjects';
import { DayGrid } from './day-grid';

type Calendar = Schemas['CalendarResponse'];

export function Calendars({ years, activities }: { years: AcademicYear[]; activities: ActivityType[] }) {
  const calendars = useLoad(() => data(api.GET('/api/admin/academic-calendars')), []);
  const [openId, setOpenId] = useState<number | undefined>(() => Number(hashParam('calendarId')) || undefined);
  const [removing, setRemoving] = useState(false);
  const [notice, setNotice] = useState<string>();
  // The last list stays while it reloads after a change, so the opened calendar keeps its forms.
  const open = useLastLoaded(calendars)?.find((item) => item.id === openId);
  const year = open && years.find((item) => item.id === open.academicYearId);
  return (
    <>
      <section class="panel" aria-labelledby="calendars-title">
        <h2 id="calendars-title">Учебные календари</h2>
        {notice ? (
          <p class="notice notice-info" role="status">
            {notice}
          </p>
        ) : null}
        <DataTable
          caption="Список учебных календарей"
          rows={calendars}
          rowKey={(row) => row.id}
          filterText={(row) => `${row.title} ${row.specialtyName}`}
          empty="Учебных календарей пока нет."
          columns={[
            { title: 'Календарь', cell: (row) => row.title, compare: (a, b) => a.title.localeCompare(b.title, 'ru') },
            { title: 'Учебный год', cell: (row) => row.academicYearTitle, compare: (a, b) => a.academicYearTitle.localeCompare(b.academicYearTitle) },
            { title: 'Курсов', cell: (row) => row.courseCount },
            {
              title: 'Действия',
              cell: (row) => (
                <button type="button" class="link-button" aria-label={`Открыть календарь ${row.title}`} aria-pressed={row.id === openId} onClick={() => (setNotice(undefined), setOpenId(row.id))}>
                  Открыть
                </button>
              ),
            },
          ]}
        />
        <NewCalendar
          years={years}
          open={calendars.state === 'done' && calendars.data.length === 0}
          onSaved={(created) => {
            calendars.reload();
            setNotice(undefined);
            setOpenId(created.id);
          }}
        />
      </section>
      {open ? (
        <section class="panel calendar-editor" aria-labelledby="calendar-title" key={open.id}>
          <div class="panel-head">
            <h2 id="calendar-title">{open.title}</h2>
            <div class="row-actions">
              <button type="button" class="link-button" onClick={() => setRemoving(true)}>
                Удалить календарь
              </button>
              <button type="button" class="link-button" onClick={() => setOpenId(undefined)}>
                Закрыть
              </button>
            </div>
          </div>
          <p class="hint">{`${open.specialtyCode} ${open.specialtyName}, профиль «${open.specialtyProfileName}», ${open.studyFormName}; курсов: ${open.courseCount}.`}</p>
          <details class="calendar-fields">
            <summary>Изменить поля календаря</summary>
            <CalendarForm years={years} calendar={open} onSaved={calendars.reload} />
          </details>
          {year ? <DayGrid calendar={open} year={year} activities={activities} /> : <p class="error">Учебный год календаря не найден.</p>}
          <CalendarSubjects calendar={open} />
          <Dialog title="Удалить учебный календарь" open={removing} onClose={() => setRemoving(false)}>
            <RemoveConfirm
              question={`Удалить учебный календарь «${open.title}» вместе с его графиком и дисциплинами? Это действие нельзя отменить.`}
              run={() => data(api.DELETE('/api/admin/academic-calendars/{id}', { params: { path: { id: open.id } } }))}
              onDone={() => {
                setRemoving(false);
                setOpenId(undefined);
                setNotice(`Учебный календарь «${open.title}» удалён.`);
                calendars.reload();
              }}
            />
          </Dialog>
        </section>
      ) : null}
    </>
  );
}

/** Folded away while the list has calendars, so an opened calendar's grid is near the top. */
function NewCalendar({ years, open, onSaved }: { years: AcademicYear[]; open: boolean; onSaved: (calendar: Calendar) => void }) {
  return (
    <details class="new-calendar" open={open}>
      <summary>Новый учебный календарь</summary>
      <CalendarForm years={years} onSaved={onSaved} />
    </details>
  );
}

/** A new calendar's fields, or an existing one's (PUT: its grid is kept; a clash is refused with 409). */
function CalendarForm({ years, calendar, onSaved }: { years: AcademicYear[]; calendar?: Calendar; onSaved: (calendar: Calendar) => void }) {
  const specialties = useLoad(() => data(api.GET('/api/specialties')), []);
  const forms = useLoad(() => data(api.GET('/api/education-forms')), []);
  const form = useApiForm({
    initial: calendar
      ? {
          academicYearId: String(calendar.academicYearId),
          specialtyId: String(calendar.specialtyId),
          specialtyProfileId: String(calendar.specialtyProfileId),
          studyFormId: String(calendar.studyFormId),
          courseCount: String(calendar.courseCount),
        }
      : { academicYearId: String(years[0]?.id ?? ''), specialtyId: '', specialtyProfileId: '', studyFormId: '', courseCount: '4' },
    resetOnSuccess: !calendar,
    send: async (values) => {
      const body = {
        academicYearId: Number(values.academicYearId),
        specialtyId: Number(values.specialtyId),
        specialtyProfileId: Number(values.specialtyProfileId),
        studyFormId: Number(values.studyFormId),
        courseCount: Number(values.courseCount),
      };
      if (calendar) {
        const saved = await data(api.PUT('/api/admin/academic-calendars/{id}', { params: { path: { id: calendar.id } }, body }));
        onSaved(saved);
        return `Календарь «${saved.title}» сохранён; его график не изменился.`;
      }
      const created = await data(api.POST('/api/admin/academic-calendars', { body }));
      onSaved(created);
      return `Создан календарь «${created.title}»: все курсы на весь год с кодом «Т».`;
    },
  });
  const specialtyId = Number(form.values.specialtyId);
  const profiles = useLoad(() => (specialtyId ? data(api.GET('/api/specialties/{id}/profiles', { params: { path: { id: specialtyId } } })) : Promise.resolve([])), [specialtyId]);
  const select = (name: keyof typeof form.values, label: string, options: { id: number; label: string }[], none: string) => (
    <Field
      label={label}
      error={form.errorAt(name)}
      control={(props) => (
        <select {...props} value={form.values[name]} onChange={(event) => form.set(name, event.currentTarget.value)}>
          <option value="">{none}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
  return (
    <ApiFormFrame form={form} label={calendar ? `Поля календаря «${calendar.title}»` : 'Новый учебный календарь'} submitText={calendar ? 'Сохранить календарь' : 'Создать календарь'}>
      {select('academicYearId', 'Учебный год', years.map((year) => ({ id: year.id, label: year.title })), 'Выберите год')}
      {select(
        'specialtyId',
        'Специальность',
        (specialties.state === 'done' ? specialties.data : []).map((item) => ({ id: item.id, label: `${item.specialityCode} ${item.specialityName}` })),
        'Выберите специальность',
      )}
      {select('specialtyProfileId', 'Профиль', (profiles.state === 'done' ? profiles.data : []).map((item) => ({ id: item.id, label: item.name })), specialtyId ? 'Выберите профиль' : 'Сначала выберите специальность')}
      {select('studyFormId', 'Форма обучения', (forms.state === 'done' ? forms.data : []).map((item) => ({ id: item.id, label: item.name })), 'Выберите форму')}
      <Field
        label="Число курсов"
        error={form.errorAt('courseCount')}
        control={(props) => <input {...props} type="number" min={1} max={8} step={1} value={form.values.courseCount} onInput={(event) => form.set('courseCount', event.currentTarget.value)} />}
      />
    </ApiFormFrame>
  );
}
