import { Role } from '../../platform/auth/roles';

/** Who maintains classrooms, equipment and subjects (spec 5: DEPARTMENT creates no classrooms). */
export const RESOURCE_EDITORS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

/** Who manages teacher-subject links; DEPARTMENT only within its own department. */
export const LINK_EDITORS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT'];
