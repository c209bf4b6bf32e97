// The section registry: every screen of the client, the page (area) it lives on, its address
// (`/<area>/#<id>`), and the roles that see it. A role never sees a section it may not use (the
// server refuses those calls anyway). A section's code is loaded only when it is opened.
//
// To add a section: create `web/src/<folder>/` with a component as default export, then add ONE
// line here. Register a section only when its page really works. A section of /admin/ names the menu
// heading it stands under (`group`: «Расписание», «Заявки», «Нагрузка», «Справочники»,
// «Администрирование»), so the office's twenty sections fit one row.
import type { Role } from './api/client';
import type { SectionDefinition } from './shared/section-registry';

const OFFICE: Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

// Each block belongs to one piece of work, so parallel branches add lines in different places. The
// order of lines is the order of the menu.
export const SECTIONS: readonly SectionDefinition[] = [
  // ── /student/ ──
  { area: 'student', id: 'group-schedule', title: 'Расписание группы', roles: ['STUDENT'], load: () => import('./student/group-schedule') },

  // ── /teacher/ (issue 23: «Заявки на перенос», «Отсутствия», «Пожелания» go below) ──
  { area: 'teacher', id: 'my-schedule', title: 'Моё расписание', roles: ['TEACHER'], load: () => import('./teacher/my-schedule') },
  { area: 'teacher', id: 'change-requests', title: 'Заявки на перенос', roles: ['TEACHER'], load: () => import('./teacher-change-requests/my-requests') },
  { area: 'teacher', id: 'absences', title: 'Отсутствия', roles: ['TEACHER'], load: () => import('./teacher-absences/my-absences') },
  { area: 'teacher', id: 'preferences', title: 'Пожелания', roles: ['TEACHER'], load: () => import('./teacher-preferences/my-preferences') },

  // ── /admin/: viewing ──
  { area: 'admin', id: 'schedule-view', title: 'Просмотр расписания', roles: [...OFFICE, 'DEPARTMENT', 'SCHEDULE_VIEWER'], group: 'Расписание', load: () => import('./schedule-view/schedule-view') },

  // ── /admin/: the department workspace (issue 23). `department-workspace` is the DEPARTMENT role's
  //    login `redirect` (spec 4.2): keep a working section under this id; add the others below it. ──
  { area: 'admin', id: 'department-workspace', title: 'Расписание кафедры', roles: ['DEPARTMENT'], group: 'Расписание', load: () => import('./department-workspace/department-schedule') },
  { area: 'admin', id: 'department-teachers', title: 'Преподаватели', roles: ['DEPARTMENT'], group: 'Справочники', load: () => import('./users/department-teachers') },
  { area: 'admin', id: 'department-groups', title: 'Группы кафедры', roles: ['DEPARTMENT'], group: 'Справочники', load: () => import('./study-structure/department-groups') },
  { area: 'admin', id: 'department-teacher-requests', title: 'Заявки на преподавателей', roles: ['DEPARTMENT'], group: 'Заявки', load: () => import('./teacher-requests/department-requests') },
  { area: 'admin', id: 'department-subjects', title: 'Дисциплины', roles: ['DEPARTMENT'], group: 'Справочники', load: () => import('./resources/department-subjects') },
  { area: 'admin', id: 'department-workload', title: 'Нагрузка', roles: ['DEPARTMENT'], group: 'Нагрузка', load: () => import('./workload/department-workload') },
  // Review of teachers' absences and preferences: the department for its teachers, the office for all.
  { area: 'admin', id: 'absences', title: 'Отсутствия', roles: [...OFFICE, 'DEPARTMENT'], group: 'Заявки', load: () => import('./teacher-absences/review') },
  { area: 'admin', id: 'preferences', title: 'Пожелания', roles: [...OFFICE, 'DEPARTMENT'], group: 'Заявки', load: () => import('./teacher-preferences/review') },

  // ── /admin/: the planning desk (issue 24) ──
  { area: 'admin', id: 'rules', title: 'Правила', roles: OFFICE, group: 'Расписание', load: () => import('./schedule-rules/rules') },
  { area: 'admin', id: 'versions', title: 'Версии', roles: OFFICE, group: 'Расписание', load: () => import('./schedule-versions/versions') },
  { area: 'admin', id: 'overrides', title: 'Разовые изменения', roles: OFFICE, group: 'Расписание', load: () => import('./schedule-overrides/overrides') },
  { area: 'admin', id: 'quality', title: 'Качество', roles: OFFICE, group: 'Расписание', load: () => import('./schedule-quality/quality') },
  // «Составить расписание» (issue 43).
  { area: 'admin', id: 'optimization', title: 'Составление расписания', roles: OFFICE, group: 'Расписание', load: () => import('./schedule-optimizations/optimizations') },

  // ── /admin/: daily handling (issue 25) ──
  { area: 'admin', id: 'change-requests', title: 'Заявки преподавателей', roles: [...OFFICE, 'DEPARTMENT'], group: 'Заявки', load: () => import('./teacher-change-requests/review') },
  { area: 'admin', id: 'workload', title: 'Нагрузка', roles: [...OFFICE, 'SCHEDULE_VIEWER'], group: 'Нагрузка', load: () => import('./workload/workload') },
  // The free-room finder (issue 45 §5).
  { area: 'admin', id: 'free-rooms', title: 'Свободные аудитории', roles: [...OFFICE, 'DEPARTMENT'], group: 'Расписание', load: () => import('./workload/free-room-finder') },

  // ── /admin/: administration (issue 25) ──
  { area: 'admin', id: 'users', title: 'Пользователи', roles: ['ADMIN'], group: 'Администрирование', load: () => import('./users/users') },
  { area: 'admin', id: 'teacher-requests', title: 'Заявки на преподавателей', roles: ['ADMIN'], group: 'Заявки', load: () => import('./teacher-requests/review') },
  { area: 'admin', id: 'university', title: 'Университет', roles: ['ADMIN'], group: 'Администрирование', load: () => import('./tenants/university') },
  { area: 'admin', id: 'universities', title: 'Университеты', roles: ['ADMIN'], operatorsOnly: true, group: 'Администрирование', load: () => import('./tenants/tenants') },
  { area: 'admin', id: 'reference-data', title: 'Справочники', roles: OFFICE, group: 'Справочники', load: () => import('./reference-data/reference-data') },
  { area: 'admin', id: 'sso', title: 'Вход через университет', roles: ['ADMIN'], group: 'Администрирование', load: () => import('./single-sign-on/sso') },
  { area: 'admin', id: 'academic-calendar', title: 'Учебный календарь', roles: OFFICE, group: 'Справочники', load: () => import('./academic-calendars/academic-calendar') },
  { area: 'admin', id: 'bells', title: 'Звонки', roles: OFFICE, group: 'Справочники', load: () => import('./time-grid/bells') },
  { area: 'admin', id: 'import', title: 'Импорт', roles: [...OFFICE, 'DEPARTMENT'], group: 'Справочники', load: () => import('./data-import/import') },

  // ── every page: change notifications (issue 26); the account line links here ──
  { area: 'student', id: 'notifications', title: 'Уведомления', roles: ['STUDENT'], load: () => import('./notifications/notifications') },
  { area: 'teacher', id: 'notifications', title: 'Уведомления', roles: ['TEACHER'], load: () => import('./notifications/notifications') },
  { area: 'admin', id: 'notifications', title: 'Уведомления', roles: [...OFFICE, 'DEPARTMENT', 'SCHEDULE_VIEWER'], load: () => import('./notifications/notifications') },
];
