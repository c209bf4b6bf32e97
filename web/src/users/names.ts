// How the users' screens name roles and statuses.
import type { Role } from '../api/client';
import { ROLE_NAMES } from '../shared/session';

export const ROLES = Object.keys(ROLE_NAMES) as Role[];
export const STATUS_NAMES: Record<string, string> = { ACTIVE: 'активен', ARCHIVED: 'в архиве' };
export { ROLE_NAMES };
