import { Role } from '../../platform/auth/roles';

/** Spec 4.10 and 5: one-off changes are the education office's work. */
export const OVERRIDE_EDITORS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

export const OVERRIDE_NOT_FOUND = 'Разовое изменение расписания не найдено';
