import { ROLES } from '../platform/auth/roles';
import { bool, oneOf, rowShape, text } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { BadRequestError } from '../platform/http/app-error';

const TEACHER_CANDIDATE = rowShape({ name: text, role: oneOf(...ROLES), active: bool });

/**
 * The teacher a record is filed for (an absence, a preference): an existing active user with role
 * TEACHER, share-locked until the open transaction ends so they cannot be archived meanwhile.
 * Answers the teacher's full name; anything else is a 400 with a Russian message.
 */
export async function lockActiveTeacher(db: TenantDb, teacherId: number): Promise<string> {
  const [row] = await db.rows(TEACHER_CANDIDATE,
    `SELECT full_name AS name, role, status = 'ACTIVE' AS active FROM users WHERE id = $1 FOR KEY SHARE`,
    [teacherId],
  );
  if (!row) throw new BadRequestError(`Преподаватель №${teacherId} не найден`).at('teacherId');
  if (row.role !== 'TEACHER') throw new BadRequestError(`Пользователь «${row.name}» не является преподавателем`).at('teacherId');
  if (!row.active) throw new BadRequestError(`Преподаватель «${row.name}» в архиве`).at('teacherId');
  return row.name;
}
