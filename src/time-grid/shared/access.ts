import { ALL_ROLES, Role } from '../../platform/auth/roles';

/** Who maintains the time grids. */
export const GRID_EDITORS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

/** Every viewer needs the bell schedule, so reads are open to every role. */
export const GRID_READERS: readonly Role[] = ALL_ROLES;
