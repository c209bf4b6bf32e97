// The signed-in user, for every section: `const me = useMe();`. The shell provides it; sections read
// it here, so none imports the shell, which draws the sections its page passes it.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Me, Role } from '../api/client';

/** How the interface names each role (lower case: it follows a name or a dash). */
export const ROLE_NAMES: Record<Role, string> = {
  ADMIN: 'администратор',
  EDUCATION_OFFICE: 'учебный отдел',
  DEPARTMENT: 'кафедра',
  SCHEDULE_VIEWER: 'просмотр расписания',
  TEACHER: 'преподаватель',
  STUDENT: 'студент',
};

/** The signed-in user, for any section: `const me = useMe();`. */
export const MeContext = createContext<Me | null>(null);
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside a signed-in page');
  return me;
}
