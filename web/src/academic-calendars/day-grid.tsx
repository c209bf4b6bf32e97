// An academic calendar's day grid (spec 4.8) drawn as a calendar: a row per course, a column per date
// (grouped by month and week, scrolling sideways), each day in its activity code's colour with the code
// as text. Painting changes only the screen: a range of days is painted from the form (keyboard) or by
// dragging over the cells (mouse); unsaved days are outlined and counted. «Сохранить» sends the whole
// grid in one PUT; a refusal keeps the stored grid (read again to show it) and the painting, and marks
// the row the API names.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { ActivityBadge, activityStyle, type AcademicYear, type ActivityType } from '../academic-years';
import { messageOf } from '../shared/errors';
import { Field } from '../shared/form';
import { daysBetween, formatLongDate, formatMonthYear, isDate, isoDay, mondayOf, plusDays } from '../shared/dates';
import { ErrorLine, Status, useId } from '../shared/ui';

type Calendar = Schemas['CalendarResponse'];
type GridDay = Schemas['GridDayResponse'];
/** `course|date` → activity id, or null for a day painted empty. */
type Days = Map<string, number | null>;

const key = (course: number, date: string) => `${course}|${date}`;
/** A month of a few days only (at the edges) gets a short name, so it does not widen its days. */
const SHORT_MONTHS = new Intl.DateTimeFormat('ru-RU', { month: 'short', timeZone: 'UTC' });
/** The longest range one painting may cover: a year and a day. */
const MAX_RANGE_DAYS = 366;

/** Week 1 is the Monday-to-Sunday week holding the year's first day (spec 4.8). */
const weekOf = (yearStart: string, date: string) => Math.floor(daysBetween(mondayOf(yearStart), date) / 7) + 1;

function datesFrom(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = plusDays(date, 1)) dates.push(date);
  return dates;
}

/** Spans of equal labels in a row of dates (the month and week header rows). */
function spans(dates: string[], label: (date: string) => string): { label: string; first: string; count: number }[] {
  const result: { label: string; first: string; count: number }[] = [];
  for (const date of dates) {
    const text = label(date);
    const last = result[result.length - 1];
    if (last && last.label === text) last.count++;
    else result.push({ label: text, first: date, count: 1 });
  }
  return result;
}

/** The row a refusal names: «Строка №3 (курс 1, 2026-07-01): …». */
function refusedCell(message: string): string | undefined {
  const found = /курс (\d+), (\d{4}-\d{2}-\d{2})/.exec(message);
  return found ? key(Number(found[1]), found[2]) : undefined;
}

export function DayGrid({ calendar, year, activities }: { calendar: Calendar; year: AcademicYear; activities: ActivityType[] }) {
  const [stored, setStored] = useState<Days>();
  const [loadError, setLoadError] = useState<string>();
  const [painted, setPainted] = useState<Days>(new Map());
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [drag, setDrag] = useState<{ from: [number, string]; to: [number, string] }>();
  const [brush, setBrush] = useState<string>(() => String(activities.find((item) => item.code !== 'Т')?.id ?? activities[0]?.id ?? ''));
  const tableRef = useRef<HTMLTableElement>(null);
  const byId = useMemo(() => new Map(activities.map((item) => [item.id, item])), [activities]);
  const courses = Array.from({ length: calendar.courseCount }, (_, index) => index + 1);

  async function readStored(): Promise<void> {
    try {
      const rows = await data(api.GET('/api/admin/academic-calendars/{id}/grid', { params: { path: { id: calendar.id } } }));
      setStored(toDays(rows));
      setLoadError(undefined);
    } catch (error) {
      setLoadError(messageOf(error));
    }
  }
  useEffect(() => {
    void readStored();
  }, [calendar.id]);

  // Unsaved: painted days whose activity differs from the stored one.
  const unsaved = useMemo(() => {
    const changed: Days = new Map();
    for (const [cell, activity] of painted) if ((stored?.get(cell) ?? null) !== activity) changed.set(cell, activity);
    return changed;
  }, [painted, stored]);
  const activityAt = (cell: string) => (unsaved.has(cell) ? unsaved.get(cell) : stored?.get(cell)) ?? null;

  // The columns: the academic year, widened to any day painted outside it (the API will name it).
  const dates = useMemo(() => {
    let first = year.startDate;
    let last = year.endDate;
    for (const cell of unsaved.keys()) {
      const date = cell.split('|')[1];
      if (date < first) first = date;
      if (date > last) last = date;
    }
    return datesFrom(first, last);
  }, [year.startDate, year.endDate, unsaved]);

  // Leaving the page with unsaved painting asks first (the browser's own question).
  useEffect(() => {
    if (!unsaved.size) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved.size > 0]);

  const refused = refusal ? refusedCell(refusal) : undefined;
  useEffect(() => {
    if (!refused) return;
    const [course, date] = refused.split('|');
    tableRef.current?.querySelector(`td[data-course="${course}"][data-date="${date}"]`)?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [refused]);

  function paint(fromCourse: number, toCourse: number, from: string, to: string, activity: number | null, only?: number[]): void {
    setPainted((old) => {
      const next = new Map(old);
      for (let course = Math.min(fromCourse, toCourse); course <= Math.max(fromCourse, toCourse); course++) {
        if (only && !only.includes(course)) continue;
        for (const date of datesFrom(from < to ? from : to, from < to ? to : from)) next.set(key(course, date), activity);
      }
      return next;
    });
    setNotice(undefined);
  }
  const brushActivity = () => (brush ? Number(brush) : null);

  async function save(): Promise<void> {
    setSaving(true);
    setRefusal(undefined);
    setNotice(undefined);
    const rows: Schemas['GridCellRequest'][] = [];
    for (const course of courses) {
      for (const date of dates) {
        const activity = activityAt(key(course, date));
        if (activity !== null) rows.push({ courseNumber: course, date, weekNumber: weekOf(year.startDate, date), dayOfWeek: isoDay(date), activityTypeId: activity });
      }
    }
    try {
      const saved = await data(api.PUT('/api/admin/academic-calendars/{id}/grid', { params: { path: { id: calendar.id } }, body: rows }));
      setStored(toDays(saved));
      setPainted(new Map());
      setNotice(`График сохранён: дней ${saved.length}.`);
    } catch (error) {
      setRefusal(messageOf(error));
      // The stored grid is unchanged; read it again so the screen shows it, the painting kept on top.
      await readStored();
    } finally {
      setSaving(false);
    }
  }

  const cellAt = (target: EventTarget | null): [number, string] | undefined => {
    const cell = (target as HTMLElement | null)?.closest?.('td[data-date]');
    return cell ? [Number(cell.getAttribute('data-course')), cell.getAttribute('data-date') as string] : undefined;
  };
  // A layout effect: listening must start in the render that begins the drag, not after the next
  // paint, or a quick press and release (a fast hand, a busy machine) ends before anyone listens and the
  // painting never finishes (seen in a CI run of the browser tests).
  useLayoutEffect(() => {
    if (!drag) return;
    const finish = () => {
      paint(drag.from[0], drag.to[0], drag.from[1], drag.to[1], brushActivity());
      setDrag(undefined);
    };
    const cancel = (event: Event) => {
      if (event.type === 'pointercancel' || (event as KeyboardEvent).key === 'Escape') setDrag(undefined);
    };
    window.addEventListener('pointerup', finish);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', cancel);
    return () => {
      window.removeEventListener('pointerup', finish);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', cancel);
    };
  }, [drag, brush]);
  const inDrag = (course: number, date: string) => {
    if (!drag) return false;
    const [lowCourse, highCourse] = [drag.from[0], drag.to[0]].sort((a, b) => a - b);
    const [low, high] = [drag.from[1], drag.to[1]].sort();
    return course >= lowCourse && course <= highCourse && date >= low && date <= high;
  };

  if (loadError && !stored) return <ErrorLine message={loadError} />;
  if (!stored) return <Status>Загрузка графика…</Status>;

  const brushLabel = brush ? byId.get(Number(brush)) : undefined;
  return (
    <section class="day-grid" aria-labelledby="day-grid-title">
      <h3 id="day-grid-title">График учебного процесса</h3>
      <Legend activities={activities} />
      <PaintForm
        courses={courses}
        activities={activities}
        brush={brush}
        onBrush={setBrush}
        year={year}
        onPaint={(only, from, to) => paint(1, calendar.courseCount, from, to, brushActivity(), only)}
      />
      <div class="grid-actions">
        <p role="status" class={unsaved.size ? 'unsaved-count' : 'hint'} id="grid-unsaved">
          {unsaved.size ? `Не сохранено дней: ${unsaved.size}` : 'Несохранённых изменений нет'}
        </p>
        <button type="button" class="primary" disabled={saving || unsaved.size === 0} onClick={() => void save()}>
          {saving ? 'Сохранение…' : 'Сохранить'}
        </button>
        <button type="button" disabled={saving || unsaved.size === 0} onClick={() => (setPainted(new Map()), setRefusal(undefined))}>
          Отменить несохранённое
        </button>
      </div>
      {refusal ? (
        <div class="notice notice-error" id="grid-refusal">
          <ErrorLine message={`График не сохранён: ${refusal}`} />
          <p>Сохранённый график не изменился; закрашенное осталось на экране — исправьте его и сохраните снова.</p>
        </div>
      ) : null}
      {notice ? (
        <p class="notice notice-info" role="status">
          {notice}
        </p>
      ) : null}
      <p class="hint">{`Мышью: протяните по ячейкам, чтобы закрасить их кодом ${brushLabel ? `«${brushLabel.code}»` : '«пусто»'} (Esc — отмена). Обведённые ячейки ещё не сохранены.`}</p>
      <div class="table-scroll grid-scroll" tabIndex={0} role="region" aria-label="График по дням: прокрутка стрелками">
        <table
          class="calendar-grid"
          ref={tableRef}
          onPointerDown={(event) => {
            const cell = cellAt(event.target);
            // A finger scrolls the grid (it paints through the form); a mouse or a pen paints.
            if (!cell || event.button !== 0 || event.pointerType === 'touch') return;
            event.preventDefault();
            setDrag({ from: cell, to: cell });
          }}
          onPointerOver={(event) => {
            const cell = drag && cellAt(event.target);
            if (cell) setDrag({ from: drag.from, to: cell });
          }}
        >
          <caption class="visually-hidden">{`${calendar.title}: курсы по датам учебного года ${year.title}`}</caption>
          <thead>
            <tr>
              <td class="corner" />
              {spans(dates, formatMonthYear).map((span) => (
                <th scope="colgroup" colSpan={span.count} key={span.first} class="month" title={span.label}>
                  <span class="month-label">{span.count >= 6 ? span.label : SHORT_MONTHS.format(new Date(`${span.first}T00:00:00Z`))}</span>
                </th>
              ))}
            </tr>
            <tr>
              <td class="corner" />
              {spans(dates, (date) => String(weekOf(year.startDate, date))).map((span) => (
                <th scope="colgroup" colSpan={span.count} key={span.first} class="week">
                  {span.count > 2 ? `нед. ${span.label}` : span.label}
                </th>
              ))}
            </tr>
            <tr>
              <th scope="col" class="corner">
                Курс
              </th>
              {dates.map((date) => {
                const outside = date < year.startDate || date > year.endDate;
                return (
                  <th scope="col" key={date} class={`day${isoDay(date) >= 6 ? ' weekend' : ''}${outside ? ' outside' : ''}`} title={formatLongDate(date)}>
                    <span aria-hidden="true">{Number(date.slice(8))}</span>
                    <span class="visually-hidden">{`${formatLongDate(date)}${outside ? ', вне учебного года' : ''}`}</span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {courses.map((course) => (
              <tr key={course}>
                <th scope="row" class="course">{`Курс ${course}`}</th>
                {dates.map((date) => {
                  const cell = key(course, date);
                  const activity = byId.get(activityAt(cell) ?? -1);
                  const classes = ['cell', unsaved.has(cell) ? 'cell-unsaved' : '', cell === refused ? 'cell-refused' : '', inDrag(course, date) ? 'cell-preview' : '', activity ? '' : 'cell-empty'];
                  return (
                    <td key={date} data-course={course} data-date={date} data-code={activity?.code ?? ''} class={classes.filter(Boolean).join(' ')} style={activityStyle(activity?.colorCode)}>
                      {activity?.code ?? '·'}
                      {unsaved.has(cell) ? <span class="visually-hidden"> (не сохранено)</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function toDays(rows: GridDay[]): Days {
  return new Map(rows.map((row) => [key(row.courseNumber, row.date), row.activityTypeId]));
}

function Legend({ activities }: { activities: ActivityType[] }) {
  return (
    <ul class="grid-legend" aria-label="Коды активности">
      {activities.map((activity) => (
        <li key={activity.id}>
          <ActivityBadge activity={activity} /> {activity.name}
        </li>
      ))}
    </ul>
  );
}

/** The keyboard way to paint: a code, the courses and a range of dates. */
function PaintForm({
  courses,
  activities,
  brush,
  onBrush,
  year,
  onPaint,
}: {
  courses: number[];
  activities: ActivityType[];
  brush: string;
  onBrush: (value: string) => void;
  year: AcademicYear;
  onPaint: (courses: number[], from: string, to: string) => void;
}) {
  const [chosen, setChosen] = useState<number[]>(courses);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<{ field: 'courses' | 'from' | 'to'; message: string }>();
  const coursesId = useId('paint-courses');

  function submit(event: Event): void {
    event.preventDefault();
    if (!chosen.length) return setProblem({ field: 'courses', message: 'Выберите хотя бы один курс' });
    if (!isDate(from)) return setProblem({ field: 'from', message: 'Укажите первую дату' });
    if (!isDate(to)) return setProblem({ field: 'to', message: 'Укажите последнюю дату' });
    if (to < from) return setProblem({ field: 'to', message: 'Последняя дата раньше первой' });
    if (daysBetween(from, to) >= MAX_RANGE_DAYS) return setProblem({ field: 'to', message: 'За один раз можно закрасить не больше года' });
    setProblem(undefined);
    onPaint(chosen, from, to);
  }

  return (
    <form class="paint-form" aria-label="Закрасить диапазон дат" noValidate onSubmit={submit}>
      <Field
        label="Код активности"
        control={(props) => (
          <select {...props} value={brush} onChange={(event) => onBrush(event.currentTarget.value)}>
            {activities.map((activity) => (
              <option key={activity.id} value={activity.id}>{`${activity.code} — ${activity.name}`}</option>
            ))}
            <option value="">Пусто (убрать день из графика)</option>
          </select>
        )}
      />
      <fieldset class={`courses${problem?.field === 'courses' ? ' field-invalid' : ''}`} aria-describedby={problem?.field === 'courses' ? `${coursesId}-error` : undefined}>
        <legend>Курсы</legend>
        {courses.map((course) => (
          <label class="check" key={course}>
            <input
              type="checkbox"
              checked={chosen.includes(course)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setChosen((old) => (checked ? [...old.filter((item) => item !== course), course].sort() : old.filter((item) => item !== course)));
              }}
            />{' '}
            {`Курс ${course}`}
          </label>
        ))}
        {problem?.field === 'courses' ? <ErrorLine id={`${coursesId}-error`} message={problem.message} /> : null}
      </fieldset>
      <Field
        label="С даты"
        error={problem?.field === 'from' ? problem.message : undefined}
        hint={`Учебный год: ${formatLongDate(year.startDate)} — ${formatLongDate(year.endDate)}`}
        control={(props) => <input {...props} type="date" value={from} onInput={(event) => setFrom(event.currentTarget.value)} />}
      />
      <Field
        label="По дату"
        error={problem?.field === 'to' ? problem.message : undefined}
        control={(props) => <input {...props} type="date" value={to} onInput={(event) => setTo(event.currentTarget.value)} />}
      />
      <button type="submit">Закрасить</button>
    </form>
  );
}
