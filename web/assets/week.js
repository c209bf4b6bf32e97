// The week view shared by every page: navigation (previous, today, next, a date), the semester's
// week number and parity, and the lessons of the week by day (columns on a wide screen, a list on a
// phone: the layout is CSS only).
import { get } from './api.js';
import { DAY_NAMES, daysBetween, formatDayMonth, formatLongDate, formatShortDate, formatTime, isDate, mondayOf, plusDays, todayInMoscow } from './dates.js';
import { clear, errorLine, h, statusLine, uid } from './dom.js';
import { failed } from './shell.js';

let semesters;

/** `GET /api/schedule/semesters`, asked once per page. */
function loadSemesters() {
  semesters ??= get('/api/schedule/semesters').catch((error) => {
    semesters = undefined;
    throw error;
  });
  return semesters;
}

const SEMESTER_NAMES = { autumn: 'осенний семестр', spring: 'весенний семестр' };

/** The semester that holds the week, and the week's number in it (week 1 holds the start date). */
export function semesterWeek(list, monday) {
  const sunday = plusDays(monday, 6);
  const semester = list.find((item) => item.startDate <= sunday && item.endDate >= monday);
  if (!semester) return null;
  const number = Math.floor(daysBetween(mondayOf(semester.startDate), monday) / 7) + 1;
  return { semester, number, parity: number % 2 === 1 ? 'ODD' : 'EVEN' };
}

function dateFromAddress() {
  const date = new URL(location.href).searchParams.get('date');
  return isDate(date) ? date : todayInMoscow();
}

function rememberDate(date) {
  const url = new URL(location.href);
  if (date === todayInMoscow()) url.searchParams.delete('date');
  else url.searchParams.set('date', date);
  history.replaceState(null, '', url);
}

function changeMark(lesson) {
  if (lesson.overrideAction === 'MOVE') {
    const from = lesson.originalLessonDate;
    const text = from && from !== lesson.date ? `Перенесено с ${formatShortDate(from)}` : 'Перенесено на другое время';
    return h('p', { class: 'badge badge-moved' }, text);
  }
  if (lesson.overrideAction === 'REPLACE') {
    return h('p', { class: 'badge badge-replaced' }, 'Замена: разовое изменение занятия');
  }
  return null;
}

function fact(label, value) {
  if (!value) return null;
  return h('div', { class: 'fact' }, h('dt', {}, label), h('dd', {}, value));
}

function lessonItem(lesson) {
  const online = lesson.lessonFormat === 'Онлайн';
  const changed = Boolean(lesson.overrideAction);
  const subgroups = (lesson.subgroupNames ?? []).join(', ');
  return h(
    'li',
    {
      class: `lesson${online ? ' lesson-online' : ''}${changed ? ' lesson-changed' : ''}`,
      'data-date': lesson.date,
      'data-slot': lesson.scheduleRuleSlotId,
      'data-override': lesson.overrideAction ?? null,
    },
    h(
      'p',
      { class: 'lesson-time' },
      h('span', { class: 'pair' }, `${lesson.timeSlotOrder} пара`),
      ' ',
      h('time', {}, `${formatTime(lesson.startTime)}–${formatTime(lesson.endTime)}`),
    ),
    h('p', { class: 'lesson-subject' }, lesson.subjectName),
    h('p', { class: 'lesson-type' }, lesson.lessonTypeName),
    h(
      'dl',
      { class: 'facts' },
      fact('Аудитория', lesson.classroomName),
      fact('Преподаватель', lesson.teacherName),
      fact('Группы', (lesson.groupNames ?? []).join(', ')),
      fact('Подгруппы', subgroups),
    ),
    online ? h('p', { class: 'badge badge-online' }, 'Онлайн') : null,
    changeMark(lesson),
  );
}

function byTime(a, b) {
  return a.startTime.localeCompare(b.startTime) || a.timeSlotOrder - b.timeSlotOrder || a.subjectName.localeCompare(b.subjectName, 'ru');
}

function weekGrid(monday, lessons) {
  const today = todayInMoscow();
  const days = [];
  for (let offset = 0; offset < 7; offset++) {
    const date = plusDays(monday, offset);
    const ofDay = lessons.filter((lesson) => lesson.date === date).sort(byTime);
    if (offset === 6 && ofDay.length === 0) continue; // Sunday only when something happens on it
    const headingId = uid('day');
    days.push(
      h(
        'section',
        { class: `day${date === today ? ' day-today' : ''}`, 'aria-labelledby': headingId, 'data-date': date },
        h(
          'h3',
          { id: headingId },
          DAY_NAMES[offset],
          ' ',
          h('span', { class: 'day-date' }, formatDayMonth(date)),
          date === today ? h('span', { class: 'today-mark' }, ' · сегодня') : null,
        ),
        ofDay.length ? h('ol', { class: 'lessons' }, ofDay.map(lessonItem)) : h('p', { class: 'no-lessons' }, 'Занятий нет'),
      ),
    );
  }
  return h('div', { class: 'week-grid' }, days);
}

/**
 * Draws the navigation and the week into `parent` and loads lessons through `load(startDate, endDate)`.
 * `load` answers null while nothing is chosen (`placeholder` is shown then); `emptyHint(context)` may
 * add a line to an empty week. Returns `{ reload() }` for pickers.
 */
export function weekView(parent, { load, emptyHint, placeholder }) {
  let date = dateFromAddress();
  let request = 0;

  const dateInput = h('input', { type: 'date', id: uid('week-date'), value: date });
  const title = h('h2', { class: 'week-title', id: 'week-title' });
  const semesterLine = h('p', { class: 'semester', id: 'semester-line' });
  const body = h('div', { class: 'week', id: 'week', 'aria-live': 'polite' });
  const go = (next) => {
    if (!isDate(next)) return;
    date = next;
    dateInput.value = next;
    rememberDate(next);
    void draw();
  };
  const nav = h(
    'nav',
    { class: 'week-nav', 'aria-label': 'Выбор недели' },
    h('button', { type: 'button', id: 'week-prev', onclick: () => go(plusDays(mondayOf(date), -7)) }, '← Пред. неделя'),
    h('button', { type: 'button', id: 'week-today', onclick: () => go(todayInMoscow()) }, 'Сегодня'),
    h('button', { type: 'button', id: 'week-next', onclick: () => go(plusDays(mondayOf(date), 7)) }, 'След. неделя →'),
    h('label', { class: 'date-field', for: dateInput.id }, 'Дата ', dateInput),
  );
  dateInput.addEventListener('change', () => go(dateInput.value));
  parent.append(h('div', { class: 'week-head' }, nav, title, semesterLine), body);

  async function draw() {
    const current = ++request;
    const monday = mondayOf(date);
    const sunday = plusDays(monday, 6);
    title.textContent = `Неделя ${formatDayMonth(monday)} – ${formatLongDate(sunday)}`;
    semesterLine.textContent = '';
    body.setAttribute('aria-busy', 'true');
    clear(body, statusLine('Загрузка недели…'));
    try {
      const [lessons, list] = await Promise.all([load(monday, sunday), loadSemesters()]);
      if (current !== request) return;
      const week = semesterWeek(list, monday);
      semesterLine.textContent = week
        ? `${week.semester.academicYearTitle}, ${SEMESTER_NAMES[week.semester.semesterType] ?? 'семестр'}: ${week.number}-я неделя, ${week.parity === 'ODD' ? 'нечётная' : 'чётная'}`
        : 'Неделя вне семестра';
      if (lessons === null) {
        clear(body, h('p', { class: 'hint', id: 'week-placeholder' }, placeholder ?? ''));
      } else if (lessons.length === 0) {
        const hint = week ? await emptyHint?.({ monday, semester: week.semester }) : 'Эта неделя не входит ни в один семестр.';
        if (current !== request) return;
        clear(body, h('div', { class: 'empty', id: 'week-empty' }, h('p', {}, 'На этой неделе занятий нет.'), hint ? h('p', { class: 'hint' }, hint) : null));
      } else {
        clear(body, weekGrid(monday, lessons));
      }
    } catch (error) {
      if (current !== request) return;
      failed(error, body);
      if (!body.firstChild) body.append(errorLine('Не удалось загрузить неделю'));
    } finally {
      if (current === request) body.removeAttribute('aria-busy');
    }
  }

  void draw();
  return { reload: () => void draw() };
}
