import { BadRequestError } from '../../platform/http/app-error';
import { Role } from '../../platform/auth/roles';

/** Spec 4.10 and 5: one-off changes are the education office's work. */
export const OVERRIDE_EDITORS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

export const OVERRIDE_NOT_FOUND = 'Разовое изменение расписания не найдено';
export const LESSON_SLOT_NOT_FOUND = 'Занятие не найдено в расписании: слот правила с таким идентификатором не существует';

/**
 * Overrides change only lessons of the PUBLISHED version: only that version is viewed and listed in
 * the registry (a draft's lessons are not anyone's timetable yet, an archived version is history).
 */
export function publishedOnly(status: string | undefined): void {
  if (status === 'PUBLISHED') return;
  if (status === 'ARCHIVED') throw new BadRequestError('Версия расписания в архиве доступна только для чтения: её занятия изменить нельзя');
  if (status === 'DRAFT') {
    throw new BadRequestError('Разовые изменения вносятся только в опубликованное расписание, а занятие относится к черновику версии');
  }
  throw new BadRequestError('Версия расписания не найдена');
}
