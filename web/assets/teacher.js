// /teacher/: the signed-in teacher's own lessons (their id from /api/auth/me).
import { get } from './api.js';
import { clear, h } from './dom.js';
import { startPage } from './shell.js';
import { subscribePanel } from './subscribe.js';
import { weekView } from './week.js';

startPage({
  roles: ['TEACHER'],
  start({ main, me }) {
    document.title = 'Моё расписание';
    // MY_LESSONS follows the teacher, not a fixed id: it stays theirs whatever the office changes.
    const subscription = subscribePanel({ target: () => ({ kind: 'MY_LESSONS' }) });
    clear(main, h('h1', { id: 'page-title' }, 'Моё расписание'), subscription.panel);
    weekView(main, {
      load: (startDate, endDate) => get('/api/schedule', { teacherId: me.userId, startDate, endDate }),
      emptyHint: () => 'Занятия появятся здесь, когда учебный отдел опубликует расписание с вашим участием.',
    });
  },
});
