// What a change of the timetable from a date does to the teachers' requests and absence decisions
// waiting on its lessons (issue 53), one read-only line each, as the publish and rule dialogs list them.
import type { Schemas } from '../api/client';
import { formatShortDate } from './dates';

export type AffectedRequest = Schemas['AffectedRequestResponse'];

/**
 * «Заявка преподавателя №5 (Иванов И. И., «Физика», 19.10) будет отклонена: в этот день занятия больше
 * нет»; with `done`, as what the write did («отклонена»).
 */
export function affectedRequestLine(item: AffectedRequest, done = false): string {
  const about = `(${item.teacherName}, «${item.subjectName}», ${formatShortDate(item.lessonDate)})`;
  const stays = 'занятие остаётся в этот день на той же паре';
  if (item.kind === 'CHANGE_REQUEST') {
    return item.outcome === 'REJECTED'
      ? `Заявка преподавателя №${item.id} ${about} ${done ? 'отклонена' : 'будет отклонена'}: ${item.reason}`
      : `Заявка преподавателя №${item.id} ${about} ${done ? 'осталась' : 'останется'} на рассмотрении: ${stays}`;
  }
  return item.outcome === 'REOPENED'
    ? `Решение по отсутствию №${item.id} ${about} ${done ? 'отменено' : 'будет отменено'}: ${item.reason}; занятие нужно решить заново`
    : `Решение по отсутствию №${item.id} ${about} ${done ? 'осталось' : 'останется'} в силе: ${stays}`;
}
