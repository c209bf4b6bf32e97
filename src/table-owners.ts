/*
 * One owner per table (issue 42): the feature whose SQL may write each table, and the read models
 * allowed to read other features' tables in one statement. `src/table-owners.spec.ts` scans every
 * SQL literal of `src/` against this file and checks that the table in `docs/architecture.md` is the
 * one `ownerTable()` renders, so the code, the check and the document cannot drift apart.
 *
 * A feature is a top-level folder of `src/` (the schedule is one: its core and features share its
 * tables, kept apart by the import lint), or a `platform/<area>`.
 */

/** Tables by owner, in the order the architecture document lists them. */
export const TABLE_OWNERS: Readonly<Record<string, readonly string[]>> = {
  'platform/auth': ['refresh_tokens', 'login_throttle', 'login_address_failures', 'login_address_blocks', 'password_events'],
  'platform/tenancy': ['tenant_identity', 'university_settings'],
  'platform/outbox': ['outbox_events'],
  users: ['users', 'user_department_assignments'],
  departments: ['departments'],
  'study-structure': ['education_forms', 'specialties', 'specialty_profiles', 'study_groups', 'subgroups', 'student_groups'],
  resources: [
    'classrooms',
    'equipments',
    'classroom_equipments',
    'subjects',
    'subject_comments',
    'subject_equipment_requirements',
    'lesson_types',
    'teacher_subjects',
    'teacher_subject_lesson_types',
    'legacy_lessons',
  ],
  'teacher-requests': ['teacher_requests'],
  'academic-years': ['academic_years', 'semesters', 'activity_types'],
  'time-grid': ['time_grid_scopes', 'time_slots', 'time_grid_date_assignments'],
  'academic-calendars': ['academic_calendars', 'academic_calendar_periods', 'academic_calendar_subjects', 'group_calendar_assignments'],
  schedule: [
    'schedule_versions',
    'schedule_version_events',
    'schedule_rules',
    'schedule_rule_groups',
    'schedule_rule_slots',
    'schedule_rule_slot_subgroups',
    'schedule_overrides',
    'schedule_data_stamp',
    'schedule_optimization_jobs',
    'schedule_version_locks',
    'schedule_solver_settings',
  ],
  'teacher-absences': ['teacher_absences', 'teacher_absence_decisions'],
  'teacher-preferences': ['teacher_preferences'],
  'teacher-change-requests': ['teacher_change_requests', 'teacher_change_request_events'],
  'calendar-feeds': ['calendar_feeds', 'calendar_slot_revisions', 'calendar_lesson_revisions'],
  notifications: ['notifications', 'notification_subscriptions', 'notification_settings', 'email_items', 'webhooks', 'webhook_deliveries', 'webhook_attempts'],
  'single-sign-on': ['sso_settings', 'sso_links', 'sso_login_attempts'],
};

/**
 * A named query over several features' tables, owned by one feature: it reads them only (its files
 * may write their own feature's tables, never another's).
 */
export interface ReadModel {
  name: string;
  /** The feature that owns the query (and answers for it when a table it reads changes). */
  feature: string;
  /** The files (from the repository root) whose SQL is the read model. */
  files: readonly string[];
  /** Every table of another feature it reads. */
  reads: readonly string[];
  /** Why one statement over many features' tables rather than each owner's exports. */
  why: string;
}

export const READ_MODELS: readonly ReadModel[] = [
  {
    name: "Workload report",
    feature: 'workload',
    files: ['src/workload/workload.repository.ts'],
    reads: ['classroom_equipments', 'classrooms', 'departments', 'equipments', 'schedule_data_stamp', 'schedule_overrides', 'schedule_rule_slots', 'schedule_rules', 'study_groups', 'subgroups', 'user_department_assignments', 'users'],
    why: "A department's hours, teachers and rooms for a semester in one statement: a hot, measured report that would otherwise take a query per owner and row.",
  },
  {
    name: "Schedule snapshot",
    feature: 'schedule',
    files: ['src/schedule/core/schedule-data.repository.ts', 'src/schedule/core/override-records.ts', 'src/schedule/viewing/snapshot/viewing-data.repository.ts'],
    reads: ['academic_calendar_periods', 'academic_years', 'activity_types', 'classroom_equipments', 'classrooms', 'departments', 'equipments', 'group_calendar_assignments', 'lesson_types', 'semesters', 'study_groups', 'subgroups', 'subject_equipment_requirements', 'subjects', 'time_grid_date_assignments', 'time_grid_scopes', 'time_slots', 'users'],
    why: "Everything a semester's lessons are laid out from (calendars, grids, names, stamp) in a fixed number of queries: the week view, the clash checks and the exports all start here.",
  },
  {
    name: "Schedule check facts",
    feature: 'schedule',
    files: ['src/schedule/core/lesson-change-facts.repository.ts', 'src/schedule/rules/rule-facts.repository.ts', 'src/schedule/versions/version-facts.repository.ts', 'src/schedule/overrides/override-registry.repository.ts', 'src/schedule/versions/version-locks.repository.ts'],
    reads: ['classroom_equipments', 'classrooms', 'departments', 'equipments', 'lesson_types', 'semesters', 'study_groups', 'subgroups', 'subject_equipment_requirements', 'subjects', 'time_grid_scopes', 'time_slots', 'users'],
    why: "The current state of every row a rule, a version or a one-off change names (exists, active, department, capacity, equipment, names), in one query whatever their number, inside the write's transaction; and the groups of a locked department (issue 54 §1).",
  },
  {
    name: 'Room warnings',
    feature: 'schedule',
    files: ['src/schedule/overrides/room-warnings.repository.ts'],
    reads: ['classroom_equipments', 'classrooms', 'equipments', 'study_groups', 'subgroups', 'subject_equipment_requirements'],
    why: "The room a changed lesson lands in with its seats and equipment, the lesson's students and its subject's needs, for the warnings of any number of changes in one query inside the write's transaction.",
  },
  {
    name: "Quality facts",
    feature: 'schedule',
    files: ['src/schedule/quality/quality-facts.repository.ts'],
    reads: ['academic_years', 'classrooms', 'semesters', 'study_groups', 'subgroups', 'teacher_preferences', 'time_grid_scopes', 'time_slots', 'users'],
    why: "A semester's lessons with rooms, groups, teachers, their preferences and the base grid's last pair for the quality report, scored in one pass.",
  },
  {
    name: "Free cells",
    feature: 'schedule',
    files: ['src/schedule/rules/free-cell-facts.repository.ts'],
    reads: ['classrooms', 'study_groups', 'subgroups', 'teacher_preferences'],
    why: "Teachers' preferences for every cell of a week the rule editor offers, and the rooms that hold a slot's audience for one cell, in one query per request.",
  },
  {
    name: "Import look-ups",
    feature: 'data-import',
    files: ['src/data-import/lookups.repository.ts'],
    reads: ['classroom_equipments', 'classrooms', 'departments', 'education_forms', 'equipments', 'lesson_types', 'schedule_rule_groups', 'schedule_rule_slot_subgroups', 'schedule_rule_slots', 'schedule_rules', 'schedule_versions', 'specialties', 'specialty_profiles', 'study_groups', 'subgroups', 'subjects', 'teacher_requests', 'teacher_subjects', 'time_grid_scopes', 'time_slots', 'user_department_assignments', 'users'],
    why: "A spreadsheet's names and codes resolved to ids for all its rows at once, before the owners' services write them.",
  },
  {
    name: "Replacement facts",
    feature: 'teacher-absences',
    files: ['src/teacher-absences/replacement-facts.repository.ts'],
    reads: ['schedule_overrides', 'teacher_subject_lesson_types', 'teacher_subjects', 'user_department_assignments', 'users'],
    why: "Subject links, department history and substitutions so far of every candidate teacher, ranked together.",
  },
  {
    name: 'Notice texts',
    feature: 'notifications',
    files: ['src/notifications/delivery/dispatcher.ts'],
    reads: ['classrooms', 'lesson_types', 'study_groups', 'subjects', 'time_slots', 'users'],
    why: 'The names a batch of change notices is written with, one query per kind for the whole batch, inside the claim\'s transaction.',
  },
  {
    name: 'Webhook claim',
    feature: 'notifications',
    files: ['src/notifications/webhooks/webhooks.repository.ts'],
    reads: ['outbox_events'],
    why: 'A due delivery is locked together with the payload of its event, so no delivery goes out without the body it was queued for.',
  },
  {
    name: 'User lists',
    feature: 'users',
    files: ['src/users/user-rows.ts'],
    reads: ['departments'],
    why: "Every user and teacher list (paged, searched, offered in pickers) shows each user's primary department of today, read with the rows so that a list stays one statement (and a page its count).",
  },
  {
    name: 'Group lists',
    feature: 'study-structure',
    files: ['src/study-structure/groups/group-rows.ts'],
    reads: ['academic_calendars', 'academic_years', 'group_calendar_assignments'],
    why: "A group's course count is that of the calendar assigned for its latest year, and the group lists filter current and studying groups by it, so it is computed inside the listing statement.",
  },
  {
    name: 'Teacher-subject links',
    feature: 'resources',
    files: ['src/resources/teacher-subjects/teacher-subjects.repository.ts'],
    reads: ['users'],
    why: "Links are listed in the order of their teachers' names, and a new link reads its teacher's role and status with the row held (FOR KEY SHARE) until the link commits.",
  },
  {
    name: 'Teacher-creation requests',
    feature: 'teacher-requests',
    files: ['src/teacher-requests/teacher-requests.repository.ts'],
    reads: ['departments', 'users'],
    why: "The requests page is searched by department name as well as the request's own fields and paged with a count under the same condition, each row with its author's and reviewer's names.",
  },
  {
    name: 'Calendar titles',
    feature: 'academic-calendars',
    files: [
      'src/academic-calendars/shared/calendar-sql.ts',
      'src/academic-calendars/calendars/calendars.repository.ts',
      'src/academic-calendars/assignments/calendar-assignments.repository.ts',
      'src/academic-calendars/assignments/group-calendar-guard.ts',
    ],
    reads: ['academic_years', 'activity_types', 'education_forms', 'specialties', 'specialty_profiles', 'study_groups'],
    why: "A calendar's title is made from the current names of its year, specialty, profile and form and its lists are searched and ordered by it, while a change or assignment holds those rows and the groups it must fit in the same statements (and the owners of years and groups import this module, so it cannot import theirs).",
  },
  {
    name: 'Calendar grids and subjects',
    feature: 'academic-calendars',
    files: ['src/academic-calendars/grid/calendar-periods.repository.ts', 'src/academic-calendars/subjects/calendar-subjects.repository.ts'],
    reads: ['academic_years', 'activity_types', 'subjects'],
    why: "A grid is checked against its year's dates with the calendar locked and the year share-locked in one statement, a grid's activity codes and a subject list's subjects are key-share-locked until the change commits, and bound subjects are listed in the order of their names.",
  },
  {
    name: 'Rule list',
    feature: 'schedule',
    files: ['src/schedule/rules/schedule-rules.repository.ts'],
    reads: ['study_groups', 'subjects'],
    why: 'The rule list is searched by subject and group names and paged under the same condition as its count, one statement each, so that a page and its total agree.',
  },
  {
    name: 'Absence journal',
    feature: 'teacher-absences',
    files: ['src/teacher-absences/teacher-absences.repository.ts'],
    reads: ['classrooms', 'users'],
    why: "Absences are listed by start and then by their teachers' names within a department's scope, and the wizard and the resolution read the decision log with its substitutes' and rooms' names, each in one statement.",
  },
  {
    name: 'Preference journal',
    feature: 'teacher-preferences',
    files: ['src/teacher-preferences/teacher-preferences.repository.ts'],
    reads: ['semesters', 'time_slots', 'users'],
    why: "Preferences are listed newest semester first, then by teacher name and pair number, and a department sees them by its teachers' history over each semester's dates, all inside the listing statement.",
  },
  {
    name: 'Change-request journal',
    feature: 'teacher-change-requests',
    files: ['src/teacher-change-requests/change-requests.repository.ts'],
    reads: ['classroom_equipments', 'classrooms', 'lesson_types', 'schedule_rule_groups', 'schedule_rule_slots', 'schedule_rules', 'study_groups', 'subjects', 'time_slots', 'users'],
    why: 'A request is shown as the lesson it is about (subject, lesson type, groups, pairs, rooms and people of five owners), and the journal reads that for every listed request in one statement rather than a query per owner. A move whose own room is taken looks for the rooms that seat its students and hold its equipment in one statement too (issue 55).',
  },
  {
    name: 'Calendar feed',
    feature: 'calendar-feeds',
    files: ['src/calendar-feeds/calendar-feeds.repository.ts'],
    reads: ['classrooms', 'schedule_data_stamp', 'study_groups', 'users'],
    why: "Every poll of a calendar client resolves the feed's secret to its live owner, its target's name and the data stamp of its ETag in one query, so an unchanged feed answers 304 with no second round trip; the owner's feed list shares that select.",
  },
  {
    name: 'Notification followers',
    feature: 'notifications',
    files: ['src/notifications/subscriptions.repository.ts'],
    reads: ['classrooms', 'student_groups', 'study_groups', 'users'],
    why: "Who hears of a batch of changes depends on their accounts' status, role and address and on students' groups, chosen together with their subscriptions and settings in one query per batch; a subscription is listed with its target's name the same way.",
  },
  {
    name: 'Linked accounts',
    feature: 'single-sign-on',
    files: ['src/single-sign-on/sso.repository.ts'],
    reads: ['users'],
    why: "The accounts linked to the university's provider are listed in the order of their users' names, with each user's login, role and status, in one query.",
  },
];

/** The owner of each table. */
export function ownerOf(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [feature, tables] of Object.entries(TABLE_OWNERS)) for (const table of tables) owners.set(table, feature);
  return owners;
}

/** The table-owner list and the read models as `docs/architecture.md` shows them. */
export function ownerTable(): string {
  const lines = ['| Owner (the only writer) | Tables |', '|---|---|'];
  for (const [feature, tables] of Object.entries(TABLE_OWNERS)) lines.push(`| \`${feature}\` | ${tables.map((t) => `\`${t}\``).join(', ')} |`);
  lines.push('', '| Read model | Owner | Files | Reads of other features | Why one query |', '|---|---|---|---|---|');
  for (const model of READ_MODELS) {
    const files = model.files.map((file) => `\`${file.replace(/^src\//, '')}\``).join(', ');
    lines.push(`| ${model.name} | \`${model.feature}\` | ${files} | ${model.reads.map((t) => `\`${t}\``).join(', ')} | ${model.why} |`);
  }
  return lines.join('\n');
}
