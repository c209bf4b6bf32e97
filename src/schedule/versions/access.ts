import { Role } from '../../platform/auth/roles';

/** Schedule versions are the education office's work (spec 5): every other role gets 403. */
export const VERSION_EDITORS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

export const VERSION_NOT_FOUND = 'Версия расписания не найдена';
