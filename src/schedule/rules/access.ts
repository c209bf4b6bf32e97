import { Role } from '../../platform/auth/roles';

/** Who builds the schedule: rules are the education office's work (spec 5: DEPARTMENT creates no rules). */
export const RULE_EDITORS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

/** Who may read rules: the editors, departments and schedule viewers (the rules are the public schedule's source). */
export const RULE_READERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER'];

export const RULE_NOT_FOUND = 'Правило расписания не найдено';
