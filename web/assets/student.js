// /student/: a student finds their group once (remembered in this browser) and reads its weeks.
import { get } from './api.js';
import { clear, h } from './dom.js';
import { findGroups } from './options.js';
import { picker, remember, remembered } from './picker.js';
import { startPage } from './shell.js';
import { subscribePanel } from './subscribe.js';
import { weekView } from './week.js';

const GROUP_KEY = 'timetable.student.group';

startPage({
  roles: ['STUDENT'],
  start({ main }) {
    let group = remembered(GROUP_KEY);
    const heading = h('h1', { id: 'page-title' });
    const title = () => {
      heading.textContent = group ? `Расписание группы ${group.label}` : 'Расписание группы';
      document.title = group ? `${group.label} — расписание` : 'Расписание группы';
    };
    title();
    const choose = picker({
      label: 'Группа',
      placeholder: 'Начните вводить название группы',
      search: findGroups,
      chosen: group,
      onPick: (item) => {
        group = { id: item.id, label: item.label };
        remember(GROUP_KEY, group);
        title();
        subscription.update();
        view.reload();
      },
    });
    const subscription = subscribePanel({ target: () => (group ? { kind: 'GROUP', targetId: group.id } : null) });
    clear(main, heading, h('div', { class: 'controls' }, choose), subscription.panel);
    const view = weekView(main, {
      load: (startDate, endDate) => (group ? get('/api/schedule', { groupId: group.id, startDate, endDate }) : Promise.resolve(null)),
      placeholder: 'Найдите свою группу в поле выше: её расписание запомнится в этом браузере.',
      emptyHint: () => 'Если занятия должны быть, возможно, группе ещё не назначен учебный календарь: обратитесь в учебный отдел.',
    });
  },
});
