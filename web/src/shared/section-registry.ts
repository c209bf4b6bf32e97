// What a section of the registry (`web/src/sections.ts`) is, and which of them a role sees on a page.
// The shell is given the registry by its page, so nothing in shared/ imports a section.
import type { FunctionComponent } from 'preact';
import type { Role } from '../api/client';

export type Area = 'student' | 'teacher' | 'admin';

/** The menu's headings, in menu order (issue 55): a section without one stands in the menu by itself. */
export const MENU_GROUPS = ['Расписание', 'Заявки', 'Нагрузка', 'Справочники', 'Администрирование'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface SectionDefinition {
  area: Area;
  /** The address: `/<area>/#<id>`. */
  id: string;
  /** The menu entry and the page's heading. */
  title: string;
  roles: readonly Role[];
  /** The heading the menu shows it under. */
  group?: MenuGroup;
  /** Only for those who administer the whole deployment (`operator` of `/api/auth/me`). */
  operatorsOnly?: true;
  load: () => Promise<{ default: FunctionComponent }>;
}

/** The sections of `area` that `role` may use, in menu order (the deployment's own only for its operators). */
export function sectionsFor(registry: readonly SectionDefinition[], area: Area, role: Role, operator = false): SectionDefinition[] {
  return registry.filter((section) => section.area === area && section.roles.includes(role) && (operator || !section.operatorsOnly));
}

/** A line of the menu: one section, or a heading with the sections under it (a heading with one section is that section). */
export type MenuEntry = { kind: 'section'; section: SectionDefinition } | { kind: 'group'; title: MenuGroup; sections: SectionDefinition[] };

/** The menu of `sections`: the headings in their order where their first section stands, each with its sections in registry order. */
export function menuOf(sections: readonly SectionDefinition[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const groups = new Map<MenuGroup, SectionDefinition[]>();
  for (const section of sections) {
    if (!section.group) {
      entries.push({ kind: 'section', section });
      continue;
    }
    const members = groups.get(section.group);
    if (members) members.push(section);
    else {
      const created = [section];
      groups.set(section.group, created);
      entries.push({ kind: 'group', title: section.group, sections: created });
    }
  }
  const rank = (entry: MenuEntry) => (entry.kind === 'group' ? MENU_GROUPS.indexOf(entry.title) : MENU_GROUPS.length);
  return entries
    .sort((a, b) => rank(a) - rank(b))
    .map((entry) => (entry.kind === 'group' && entry.sections.length === 1 ? { kind: 'section', section: entry.sections[0] } : entry));
}
