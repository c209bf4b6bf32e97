// /teacher/: the signed-in teacher's own lessons (their id from /api/auth/me).
import { get } from './api.js';
import { clear, h } from './dom.js';
import { startPage } from './shell.js';
import { weekView } from './week.js';

startPage({
  roles: ['TEACHER'],
  start({ main, me }) {
    document.title = 'Моё расписание';
    clear(main, h('h1', { id: 'page-title' }, 'Моё расписание'));
    weekView(main, {
      load: (startDate, endDate) => get('/api/schedule', { teacherId: me.userId, startDate, endDate }),
      emptyHint: () => 'Занятия появятся здесь, когда учебный отдел опубликует расписание с вашим участием.',
    });
  },
});
