// The week view shared by every page (a group's, a teacher's or a classroom's week): navigation
// (previous, today, next, a date kept in the address as `?date=`), the semester's week number and
// parity, and the lessons by day: a grid of pairs by days on a wide screen, a list of days on a phone
// (one document, the layout is CSS).
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import {
  DAY_NAMES,
  daysBetween,
  formatDayMonth,
  formatLongDate,
  formatShortDate,
  formatTime,
  isDate,
  mondayOf,
  plusDays,
  todayAtUniversity,
} from './dates';
import { messageOf } from './errors';
import { loadChanges, madeOnline, movedToText, roomChange, substitution, withChanges, type ChangesOf, type ShownLesson } from './lesson-changes';
import { ScheduleDownloads, type DownloadTarget } from './schedule-downloads';
import { ErrorLine, Status, useId } from './ui';

export type Lesson = Schemas['RenderedLessonDto'];
type Semester = Schemas['SemesterListItem'];

let semesters: Promise<Semester[]> | undefined;

/** `GET /api/schedule/semesters`, asked once per page. */
function loadSemesters(): Promise<Semester[]> {
  semesters ??= data(api.GET('/api/schedule/semesters')).catch((error: unknown) => {
    semesters = undefined;
    throw error;
  });
  return semesters;
}

const SEMESTER_NAMES: Record<string, string> = { autumn: 'осенний семестр', spring: 'весенний семестр' };

/** The semester that holds the week, and the week's number in it (week 1 holds the start date). */
export function semesterWeek(list: Semester[], monday: string) {
  const sunday = plusDays(monday, 6);
  const semester = list.find((item) => item.startDate <= sunday && item.endDate >= monday);
  if (!semester) return null;
  const number = Math.floor(daysBetween(mondayOf(semester.startDate), monday) / 7) + 1;
  return { semester, number, parity: number % 2 === 1 ? ('ODD' as const) : ('EVEN' as const) };
}

function dateFromAddress(): string {
  const date = new URL(location.href).searchParams.get('date');
  return isDate(date) ? date : todayAtUniversity();
}

function rememberDate(date: string): void {
  const url = new URL(location.href);
  if (date === todayAtUniversity()) url.searchParams.delete('date');
  else url.searchParams.set('date', date);
  history.replaceState(null, '', url);
}

function ChangeMark({ lesson }: { lesson: ShownLesson }) {
  const change = lesson.change;
  if (lesson.gone === 'CANCELLED') return <p class="badge badge-cancelled">Отменено</p>;
  if (lesson.gone === 'MOVED_AWAY' && change) return <p class="badge badge-moved">{movedToText(change)}</p>;
  if (lesson.gone === 'GIVEN_AWAY' && change) return <p class="badge badge-replaced">{`Замена: ведёт ${change.newTeacherName ?? 'другой преподаватель'}`}</p>;
  if (lesson.overrideAction === 'MOVE') {
    const from = lesson.originalLessonDate;
    return <p class="badge badge-moved">{from && from !== lesson.date ? `Перенесено с ${formatShortDate(from)}` : 'Перенесено на другое время'}</p>;
  }
  if (lesson.overrideAction === 'REPLACE') {
    if (substitution(change)) return <p class="badge badge-replaced">Замена преподавателя</p>;
    // A new room reads in the room's line («1-101 → 1-105»), an online lesson by its «Онлайн» mark.
    if (madeOnline(change) || roomChange(change)) return null;
    return <p class="badge badge-replaced">Изменено учебным отделом</p>;
  }
  return null;
}

function Fact({ label, value }: { label: string; value?: string | null }) {
  if (!value) return null;
  return (
    <div class="fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function LessonItem({ lesson, actions }: { lesson: ShownLesson; actions?: (lesson: Lesson) => ComponentChildren }) {
  const online = lesson.lessonFormat === 'Онлайн';
  const changed = Boolean(lesson.overrideAction);
  const change = lesson.change;
  // Made online by the office: the room no longer matters.
  const roomShown = !(online && madeOnline(change));
  const gone = lesson.gone ? ` lesson-gone lesson-${lesson.gone.toLowerCase().replace('_', '-')}` : '';
  return (
    <li
      class={`lesson${online && !lesson.gone ? ' lesson-online' : ''}${changed ? ' lesson-changed' : ''}${gone}`}
      data-date={lesson.date}
      data-slot={lesson.scheduleRuleSlotId}
      data-override={lesson.overrideAction ?? undefined}
      data-gone={lesson.gone}
    >
      <p class="lesson-time">
        <span class="pair">{`${lesson.timeSlotOrder} пара`}</span> <time>{`${formatTime(lesson.startTime)}–${formatTime(lesson.endTime)}`}</time>
      </p>
      <p class="lesson-subject">{lesson.subjectName}</p>
      <p class="lesson-type">{lesson.lessonTypeName}</p>
      <dl class="facts">
        <Fact label="Аудитория" value={roomShown ? ((!lesson.gone && roomChange(change)) || lesson.classroomName) : undefined} />
        <Fact label="Преподаватель" value={lesson.gone ? lesson.teacherName : (substitution(change) ?? lesson.teacherName)} />
        <Fact label="Группы" value={(lesson.groupNames ?? []).join(', ')} />
        <Fact label="Подгруппы" value={(lesson.subgroupNames ?? []).join(', ')} />
      </dl>
      {online && !lesson.gone ? <p class="badge badge-online">Онлайн</p> : null}
      <ChangeMark lesson={lesson} />
      {change?.comment ? <p class="change-comment">{`Комментарий учебного отдела: ${change.comment}`}</p> : null}
      {actions && !lesson.gone ? <div class="lesson-actions">{actions(lesson)}</div> : null}
    </li>
  );
}

const byTime = (a: Lesson, b: Lesson) =>
  a.startTime.localeCompare(b.startTime) || a.timeSlotOrder - b.timeSlotOrder || a.subjectName.localeCompare(b.subjectName, 'ru');

/** The grid rows a wide screen has for pairs (app.css `.at-pair-N`); a later pair shares the last row. */
const PAIR_ROWS = 12;

/** A day's lessons by pair (in time order), so a pair's lessons share one cell of the week's grid. */
function byPair(lessons: ShownLesson[]): ShownLesson[][] {
  const cells: ShownLesson[][] = [];
  for (const lesson of lessons) {
    const last = cells[cells.length - 1];
    if (last && last[0].timeSlotOrder === lesson.timeSlotOrder) last.push(lesson);
    else cells.push([lesson]);
  }
  return cells;
}

function Day({ date, dayIndex, lessons, actions, past }: { date: string; dayIndex: number; lessons: ShownLesson[]; actions?: (lesson: Lesson) => ComponentChildren; past: boolean }) {
  const headingId = useId('day');
  const today = date === todayAtUniversity();
  return (
    <section class={`day${today ? ' day-today' : ''}${past ? ' day-past' : ''}`} aria-labelledby={headingId} data-date={date}>
      <h3 id={headingId}>
        {DAY_NAMES[dayIndex]} <span class="day-date">{formatDayMonth(date)}</span>
        {today ? <span class="today-mark"> · сегодня</span> : null}
      </h3>
      <div class="pairs">
        {lessons.length ? (
          byPair(lessons).map((cell) => {
            const order = cell[0].timeSlotOrder;
            return (
              <ol class={`lessons at-pair-${Math.min(Math.max(order, 1), PAIR_ROWS)}`} data-pair={order} key={order}>
                {cell.map((lesson) => (
                  <LessonItem key={`${lesson.scheduleRuleSlotId}-${lesson.date}${lesson.gone ? '-gone' : ''}`} lesson={lesson} actions={actions} />
                ))}
              </ol>
            );
          })
        ) : (
          <p class="no-lessons">Занятий нет</p>
        )}
      </div>
    </section>
  );
}

/**
 * The week: on a wide screen a grid of pairs (rows) by days (columns), each pair in the same row on
 * every day (CSS subgrid: `.at-pair-N` puts a pair in row N); on a phone the days one under another.
 */
function WeekGrid({ monday, lessons, actions }: { monday: string; lessons: ShownLesson[]; actions?: (lesson: Lesson) => ComponentChildren }) {
  // On a phone the days stand one under another: in the current week the days before today fold
  // away behind one button, so today's first lesson is on the first screen (issue 55). A wide screen
  // shows every day (the CSS hides the button there).
  const today = todayAtUniversity();
  const pastDays = today > monday && today <= plusDays(monday, 6) ? Math.round((Date.parse(today) - Date.parse(monday)) / 86_400_000) : 0;
  const [showPast, setShowPast] = useState(false);
  const days = [];
  for (let offset = 0; offset < 7; offset++) {
    const date = plusDays(monday, offset);
    const ofDay = lessons.filter((lesson) => lesson.date === date).sort(byTime);
    if (offset === 6 && ofDay.length === 0) continue; // Sunday only when something happens on it
    days.push(<Day key={date} date={date} dayIndex={offset} lessons={ofDay} actions={actions} past={offset < pastDays} />);
  }
  const pastRange = pastDays === 1 ? SHORT_DAYS[0] : `${SHORT_DAYS[0]}–${SHORT_DAYS[pastDays - 1]}`;
  return (
    <>
      {pastDays > 0 ? (
        <button type="button" class="link-button past-toggle" aria-expanded={showPast} onClick={() => setShowPast(!showPast)}>
          {showPast ? `Скрыть прошедшие дни (${pastRange})` : `Показать прошедшие дни (${pastRange})`}
        </button>
      ) : null}
      <div class={`week-grid${showPast ? ' show-past' : ''}`}>{days}</div>
    </>
  );
}

const SHORT_DAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

type Shown =
  | { kind: 'loading' }
  | { kind: 'placeholder' }
  | { kind: 'empty'; hint: string }
  | { kind: 'lessons'; lessons: ShownLesson[] }
  | { kind: 'error'; message: string };

export interface WeekViewProps {
  /** The lessons of the week, or null while nothing is chosen (then `placeholder` is shown). */
  load: (startDate: string, endDate: string) => Promise<Lesson[] | null>;
  /** Changes whenever `load` would answer differently (e.g. the chosen group's id). */
  loadKey?: unknown;
  placeholder?: string;
  /** A line under an empty week, e.g. why it may be empty. */
  emptyHint?: (context: { monday: string; semester: Semester }) => string | Promise<string>;
  /** Buttons under each lesson (e.g. «Попросить перенос»). */
  actions?: (lesson: Lesson) => ComponentChildren;
  /** What «Скачать: Excel / PDF / CSV» exports for the shown week (nothing while empty). */
  downloads?: DownloadTarget[];
  /** Whose one-off changes the week marks (cancelled and moved lessons in their places, substitutes, comments). */
  changesOf?: ChangesOf | null;
}

export function WeekView({ load, loadKey, placeholder, emptyHint, actions, downloads, changesOf }: WeekViewProps) {
  const [date, setDate] = useState(dateFromAddress);
  const [answer, setAnswer] = useState<{ key: string; shown: Shown }>({ key: '', shown: { kind: 'loading' } });
  const [semesterLine, setSemesterLine] = useState('');
  const dateId = useId('week-date');
  const monday = mondayOf(date);
  const sunday = plusDays(monday, 6);
  // What is on screen belongs to one week and one choice: anything else is still loading (at once,
  // in the same render that changed the week, so the view never shows an old week as current).
  const key = `${monday}|${String(loadKey)}`;
  const shown: Shown = answer.key === key ? answer.shown : { kind: 'loading' };
  const setShown = (next: Shown) => setAnswer({ key, shown: next });

  useEffect(() => {
    let current = true;
    setSemesterLine('');
    void (async () => {
      try {
        const [found, list, changes] = await Promise.all([load(monday, sunday), loadSemesters(), changesOf ? loadChanges(changesOf, monday, sunday) : []]);
        const lessons = found && withChanges(found, changes, monday, sunday);
        if (!current) return;
        const week = semesterWeek(list, monday);
        setSemesterLine(
          week
            ? `${week.semester.academicYearTitle}, ${SEMESTER_NAMES[week.semester.semesterType] ?? 'семестр'}: ${week.number}-я неделя, ${week.parity === 'ODD' ? 'нечётная' : 'чётная'}`
            : 'Неделя вне семестра',
        );
        if (lessons === null) setShown({ kind: 'placeholder' });
        else if (lessons.length === 0) {
          const hint = week ? ((await emptyHint?.({ monday, semester: week.semester })) ?? '') : 'Эта неделя не входит ни в один семестр.';
          if (current) setShown({ kind: 'empty', hint });
        } else setShown({ kind: 'lessons', lessons });
      } catch (error) {
        if (current) setShown({ kind: 'error', message: messageOf(error) || 'Не удалось загрузить неделю' });
      }
    })();
    return () => {
      current = false;
    };
  }, [monday, loadKey, JSON.stringify(changesOf ?? null)]);

  useEffect(() => {
    // For the benchmark (scripts/bench-web.ts): the moment a week's lessons are on screen.
    if (shown.kind === 'lessons') performance.mark('timetable:week-rendered');
  }, [shown]);

  const go = (next: string) => {
    if (!isDate(next)) return;
    setDate(next);
    rememberDate(next);
  };

  let body: ComponentChildren;
  switch (shown.kind) {
    case 'loading':
      body = <Status>Загрузка недели…</Status>;
      break;
    case 'placeholder':
      body = (
        <p class="hint" id="week-placeholder">
          {placeholder ?? ''}
        </p>
      );
      break;
    case 'empty':
      body = (
        <div class="empty" id="week-empty">
          <p>На этой неделе занятий нет.</p>
          {shown.hint ? <p class="hint">{shown.hint}</p> : null}
        </div>
      );
      break;
    case 'lessons':
      body = <WeekGrid monday={monday} lessons={shown.lessons} actions={actions} />;
      break;
    case 'error':
      body = <ErrorLine message={shown.message} />;
      break;
  }

  return (
    <>
      <div class="week-head">
        <nav class="week-nav" aria-label="Выбор недели">
          <button type="button" id="week-prev" onClick={() => go(plusDays(monday, -7))}>
            ←<span class="nav-word"> Пред. неделя</span>
          </button>
          <button type="button" id="week-today" onClick={() => go(todayAtUniversity())}>
            Сегодня
          </button>
          <button type="button" id="week-next" onClick={() => go(plusDays(monday, 7))}>
            <span class="nav-word">След. неделя </span>→
          </button>
          <label class="date-field" for={dateId}>
            {'Дата '}
            <input type="date" id={dateId} value={date} onChange={(event) => go(event.currentTarget.value)} />
          </label>
        </nav>
        <h2 class="week-title" id="week-title">{`Неделя ${formatDayMonth(monday)} – ${formatLongDate(sunday)}`}</h2>
        <p class="semester" id="semester-line">
          {semesterLine}
        </p>
        <ScheduleDownloads targets={downloads ?? []} startDate={monday} endDate={sunday} />
      </div>
      <div class="week" id="week" aria-live="polite" aria-busy={shown.kind === 'loading' ? 'true' : undefined}>
        {body}
      </div>
    </>
  );
}
