// /admin/: the office's pages by section (`#schedule-view` and, later, the others). For now only the
// schedule view exists: any group, teacher or classroom through /api/schedule/search.
import { get } from './api.js';
import { clear, h } from './dom.js';
import { findClassrooms, findGroups, findTeachers } from './options.js';
import { picker, remember, remembered } from './picker.js';
import { startPage } from './shell.js';
import { subscribePanel } from './subscribe.js';
import { weekView } from './week.js';

const SELECTION_KEY = 'timetable.admin.selection';

const SECTIONS = {
  'schedule-view': 'Просмотр расписания',
  'department-workspace': 'Рабочее место кафедры',
};

const KINDS = {
  group: { name: 'Группа', of: 'группы', feed: 'GROUP', param: 'groupId', search: findGroups, placeholder: 'Название группы' },
  teacher: { name: 'Преподаватель', of: 'преподавателя', feed: 'TEACHER', param: 'teacherId', search: findTeachers, placeholder: 'ФИО, логин или должность' },
  classroom: { name: 'Аудитория', of: 'аудитории', feed: 'CLASSROOM', param: 'classroomId', search: findClassrooms, placeholder: 'Номер или корпус' },
};

function section() {
  const name = location.hash.replace(/^#/, '');
  return name === '' ? 'schedule-view' : name;
}

function unavailable(main, name) {
  const title = SECTIONS[name] ?? 'Раздел';
  document.title = `${title} — расписание`;
  clear(
    main,
    h('h1', { id: 'page-title' }, title),
    h('p', { class: 'notice notice-info', id: 'section-unavailable' }, `Раздел «${title}» в веб-интерфейсе пока недоступен.`),
    h('p', {}, h('a', { href: '#schedule-view' }, 'Перейти к просмотру расписания')),
  );
}

/** The office may see why a group's week is empty: no calendar assigned for the academic year. */
async function calendarHint(selection, semester) {
  if (selection?.kind !== 'group') return '';
  try {
    const assignments = await get(`/api/groups/${selection.id}/calendar-assignments`);
    if (!assignments.some((item) => item.academicYearId === semester.academicYearId)) {
      return `Группе не назначен учебный календарь на ${semester.academicYearTitle} учебный год: занятия не показываются.`;
    }
  } catch {
    // the hint is optional (a department may not read another department's groups)
  }
  return '';
}

function scheduleView(main) {
  let selection = remembered(SELECTION_KEY);
  if (selection && !KINDS[selection.kind]) selection = undefined;
  let kind = selection?.kind ?? 'group';
  document.title = 'Просмотр расписания';
  const heading = h('h1', { id: 'page-title' });
  const title = () => {
    heading.textContent = selection ? `Расписание ${KINDS[selection.kind].of}: ${selection.label}` : 'Просмотр расписания';
  };
  title();
  const pickerPlace = h('div', { class: 'picker-place' });
  const drawPicker = () =>
    clear(
      pickerPlace,
      picker({
        label: KINDS[kind].name,
        placeholder: KINDS[kind].placeholder,
        search: KINDS[kind].search,
        chosen: selection?.kind === kind ? selection : undefined,
        onPick: (item) => {
          selection = { kind, id: item.id, label: item.label };
          remember(SELECTION_KEY, selection);
          title();
          subscription.update();
          view.reload();
        },
      }),
    );
  const kinds = h(
    'fieldset',
    { class: 'kinds' },
    h('legend', {}, 'Чьё расписание'),
    Object.entries(KINDS).map(([value, definition]) =>
      h(
        'label',
        { class: 'kind' },
        h('input', {
          type: 'radio',
          name: 'kind',
          value,
          id: `kind-${value}`,
          checked: value === kind,
          onchange: () => {
            kind = value;
            drawPicker();
          },
        }),
        ` ${definition.name}`,
      ),
    ),
  );
  const subscription = subscribePanel({ target: () => (selection ? { kind: KINDS[selection.kind].feed, targetId: selection.id } : null) });
  drawPicker();
  clear(main, heading, h('div', { class: 'controls' }, kinds, pickerPlace), subscription.panel);
  const view = weekView(main, {
    load: (startDate, endDate) =>
      selection ? get('/api/schedule/search', { [KINDS[selection.kind].param]: selection.id, startDate, endDate }) : Promise.resolve(null),
    placeholder: 'Выберите группу, преподавателя или аудиторию.',
    emptyHint: ({ semester }) => calendarHint(selection, semester),
  });
}

let drawSection = () => {};
let listening = false;

startPage({
  roles: ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER'],
  start({ main }) {
    drawSection = () => (section() === 'schedule-view' ? scheduleView(main) : unavailable(main, section()));
    if (!listening) window.addEventListener('hashchange', () => drawSection());
    listening = true;
    drawSection();
  },
});
