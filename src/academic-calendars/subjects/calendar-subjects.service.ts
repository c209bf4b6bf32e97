import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, NotFoundError } from '../../platform/http/app-error';
import { CalendarsRepository } from '../calendars/calendars.repository';
import { CALENDAR_NOT_FOUND } from '../shared/access';
import { CalendarSubjectsRepository, SubjectBinding, SubjectState } from './calendar-subjects.repository';
import { CalendarSubjectResponse } from './dto/calendar-subject.dto';

/** «Элемент №2»: list elements are numbered from 1 in messages. */
export function itemLabel(index: number): string {
  return `Элемент №${index + 1}`;
}

/** The subjects bound to a calendar's semesters. */
@Injectable()
export class CalendarSubjectsService {
  constructor(
    private readonly db: TenantDb,
    private readonly calendars: CalendarsRepository,
    private readonly subjects: CalendarSubjectsRepository,
  ) {}

  async list(calendarId: number): Promise<CalendarSubjectResponse[]> {
    if (!(await this.calendars.findRow(calendarId))) throw new NotFoundError(CALENDAR_NOT_FOUND);
    return this.subjects.listFor([calendarId]);
  }

  /**
   * Replaces the whole list under the calendar lock. Every element is checked first: semester within
   * 1..courseCount*2, no subject twice in one semester, only existing non-archived subjects; the first
   * problem answers 400 and nothing changes.
   */
  async replace(calendarId: number, bindings: readonly SubjectBinding[]): Promise<CalendarSubjectResponse[]> {
    await this.db.transaction(async () => {
      const calendar = await this.calendars.lockForChange(calendarId);
      if (!calendar) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const stored = await this.subjects.lockSubjects([...new Set(bindings.map((binding) => binding.subjectId))]);
      const problem = bindingProblem(bindings, calendar.courseCount * 2, new Map(stored.map((subject) => [subject.id, subject])));
      if (problem) throw new BadRequestError(problem);
      await this.subjects.replace(calendarId, bindings);
    });
    return this.subjects.listFor([calendarId]);
  }
}

function bindingProblem(bindings: readonly SubjectBinding[], lastSemester: number, subjects: ReadonlyMap<number, SubjectState>): string | undefined {
  const seen = new Map<string, number>();
  for (const [index, binding] of bindings.entries()) {
    const label = `${itemLabel(index)} (семестр ${binding.semesterNumber}, дисциплина ${binding.subjectId})`;
    if (binding.semesterNumber > lastSemester) return `${label}: семестр должен быть от 1 до ${lastSemester}`;
    const key = `${binding.semesterNumber}/${binding.subjectId}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) return `${label}: дисциплина уже указана в этом семестре (элемент №${earlier + 1})`;
    seen.set(key, index);
    const subject = subjects.get(binding.subjectId);
    if (!subject) return `${label}: дисциплина не найдена`;
    if (subject.archived) return `${label}: дисциплина «${subject.name}» в архиве`;
  }
  return undefined;
}
