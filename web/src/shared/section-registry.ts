// What a section of the registry (`web/src/sections.ts`) is, and which of them a role sees on a page.
// The shell is given the registry by its page, so nothing in shared/ imports a section.
import type { FunctionComponent } from 'preact';
import type { Role } from '../api/client';

export type Area = 'student' | 'teacher' | 'admin';

export interface SectionDefinition {
  area: Area;
  /** The address: `/<area>/#<id>`. */
  id: string;
  /** The menu entry and the page's heading. */
  title: string;
  roles: readonly Role[];
  /** Only for those who administer the whole deployment (`operator` of `/api/auth/me`). */
  operatorsOnly?: true;
  load: () => Promise<{ default: FunctionComponent }>;
}

/** The sections of `area` that `role` may use, in menu order (the deployment's own only for its operators). */
export function sectionsFor(registry: readonly SectionDefinition[], area: Area, role: Role, operator = false): SectionDefinition[] {
  return registry.filter((section) => section.area === area && section.roles.includes(role) && (operator || !section.operatorsOnly));
}
