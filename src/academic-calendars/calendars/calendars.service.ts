import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { Page, toPage } from '../../platform/http/paging';
import { plural } from '../../platform/http/russian';
import { CALENDAR_NOT_FOUND } from '../shared/access';
import { CalendarFacts, incompatibility } from '../shared/compatibility';
import { CalendarPeriodsRepository } from '../grid/calendar-periods.repository';
import { CalendarListQuery, CalendarOptionsQuery, CalendarPageQuery } from './dto/calendar-queries.dto';
import { CalendarRequest, CalendarResponse } from './dto/calendar.dto';
import { AcademicYearRow, CALENDAR_SCOPE_TAKEN, CalendarFields, CalendarRow, CalendarsRepository } from './calendars.repository';

/** The activity code of ordinary study; every course of a new calendar starts with it for the whole year. */
export const STUDY_ACTIVITY_CODE = 'Т';

/**
 * Academic calendars (ADMIN, EDUCATION_OFFICE). Every change locks the calendar row, the lock its
 * grid, subjects and group assignments take too, and re-checks what is stored under it.
 */
@Injectable()
export class CalendarsService {
  constructor(
    private readonly db: TenantDb,
    private readonly calendars: CalendarsRepository,
    private readonly periods: CalendarPeriodsRepository,
  ) {}

  async list(query: CalendarListQuery): Promise<CalendarResponse[]> {
    const rows = await this.calendars.list({ academicYearId: query.academicYearId, specialtyId: query.specialtyId, profileId: query.profileId });
    return rows.map(toCalendarResponse);
  }

  async page(query: CalendarPageQuery): Promise<Page<CalendarResponse>> {
    const page = query.page ?? 0;
    const size = query.size ?? 25;
    const { rows, total } = await this.calendars.page({ query: query.query || undefined, academicYearId: query.academicYearId }, page * size, size);
    return toPage(rows.map(toCalendarResponse), total, page, size);
  }

  async options(query: CalendarOptionsQuery): Promise<CalendarResponse[]> {
    const filter = {
      query: query.query || undefined,
      academicYearId: query.academicYearId,
      specialtyId: query.specialtyId,
      profileId: query.profileId,
      studyFormId: query.studyFormId,
    };
    return (await this.calendars.options(filter, query.selectedId, query.limit ?? 20)).map(toCalendarResponse);
  }

  async get(id: number): Promise<CalendarResponse> {
    const row = await this.calendars.findRow(id);
    if (!row) throw new NotFoundError(CALENDAR_NOT_FOUND);
    return toCalendarResponse(row);
  }

  /** Creates the calendar and its initial grid (code `Т` over the whole year for every course) in one transaction. */
  async create(request: CalendarRequest): Promise<CalendarResponse> {
    const fields = calendarFields(request);
    const id = await this.db.transaction(async () => {
      const year = await this.checkReferences(fields);
      const study = await this.calendars.lockActivityByCode(STUDY_ACTIVITY_CODE);
      if (!study) {
        throw new BadRequestError(`Нельзя создать календарь: нет кода деятельности «${STUDY_ACTIVITY_CODE}» (теоретическое обучение)`);
      }
      if (!study.allowSchedule) {
        throw new BadRequestError(`Нельзя создать календарь: код деятельности «${STUDY_ACTIVITY_CODE}» не разрешает занятия`);
      }
      if (await this.calendars.scopeTaken(fields)) throw new ConflictError(CALENDAR_SCOPE_TAKEN);
      const calendarId = await this.calendars.insert(fields);
      const periods = Array.from({ length: fields.courseCount }, (_, index) => ({
        courseNumber: index + 1,
        startDate: year.startDate,
        endDate: year.endDate,
        activityTypeId: study.id,
      }));
      await this.periods.insert(calendarId, periods);
      return calendarId;
    });
    return this.get(id);
  }

  /**
   * Replaces the calendar's fields; periods are kept as they are. Refused (409, nothing changed) when
   * the change no longer fits an assigned group, leaves periods outside the year or above the course
   * count, or leaves subjects above the last semester.
   */
  async update(id: number, request: CalendarRequest): Promise<CalendarResponse> {
    const fields = calendarFields(request);
    await this.db.transaction(async () => {
      const stored = await this.calendars.lockForChange(id);
      if (!stored) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const year = await this.checkReferences(fields);
      if (await this.calendars.scopeTaken(fields, id)) throw new ConflictError(CALENDAR_SCOPE_TAKEN);
      await this.checkAssignments({ id, ...fields });
      await this.checkPeriods(id, fields.courseCount, year);
      await this.checkSubjects(id, fields.courseCount);
      await this.calendars.update(id, fields);
    });
    return this.get(id);
  }

  /** Deletes the calendar with its periods and subjects; refused while groups are assigned to it. */
  async remove(id: number): Promise<CalendarResponse> {
    return this.db.transaction(async () => {
      if (!(await this.calendars.lockForChange(id))) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const calendar = await this.calendars.findRow(id);
      if (!calendar) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const assigned = await this.calendars.assignmentCount(id);
      if (assigned > 0) {
        throw new ConflictError(`Календарь нельзя удалить: он назначен ${assigned} ${plural(assigned, 'группе', 'группам', 'группам')}`);
      }
      await this.calendars.delete(id);
      return toCalendarResponse(calendar);
    });
  }

  /** Nested ids must exist (400) and the profile must belong to the specialty; answers the year. */
  private async checkReferences(fields: CalendarFields): Promise<AcademicYearRow> {
    const references = await this.calendars.lockReferences(fields);
    if (!references.year) throw new BadRequestError('Учебный год не найден').at('academicYearId');
    if (!references.specialty) throw new BadRequestError('Специальность не найдена').at('specialtyId');
    if (references.profileSpecialtyId === undefined) throw new BadRequestError('Профиль специальности не найден').at('specialtyProfileId');
    if (references.profileSpecialtyId !== fields.specialtyId) throw new BadRequestError('Профиль не относится к выбранной специальности').at('specialtyProfileId');
    if (!references.studyForm) throw new BadRequestError('Форма обучения не найдена').at('studyFormId');
    return references.year;
  }

  private async checkAssignments(calendar: CalendarFacts): Promise<void> {
    for (const group of await this.calendars.assignedGroups(calendar.id)) {
      const unfit = incompatibility(group, calendar, { id: group.academicYearId, startDate: group.yearStart });
      if (unfit) {
        throw new ConflictError(
          `Изменение несовместимо с назначением календаря группе «${group.groupName}» на ${group.yearTitle} учебный год: ${unfit.reason}`,
        ).at(unfit.calendarField);
      }
    }
  }

  private async checkPeriods(id: number, courseCount: number, year: AcademicYearRow): Promise<void> {
    const above = await this.periods.firstAboveCourse(id, courseCount);
    if (above) {
      throw new ConflictError(
        `Нельзя уменьшить число курсов до ${courseCount}: в графике есть дни ${above.courseNumber}-го курса; сначала удалите их из графика`,
      ).at('courseCount');
    }
    const outside = await this.periods.firstOutside(id, year.startDate, year.endDate);
    if (outside) {
      throw new ConflictError(
        `Нельзя сменить учебный год: период графика ${outside.courseNumber}-го курса ${outside.startDate} — ${outside.endDate} ` +
          `выходит за границы учебного года ${year.title} (${year.startDate} — ${year.endDate})`,
      ).at('academicYearId');
    }
  }

  private async checkSubjects(id: number, courseCount: number): Promise<void> {
    const highest = await this.calendars.highestSubjectSemester(id);
    if (highest > courseCount * 2) {
      throw new ConflictError(
        `Нельзя уменьшить число курсов до ${courseCount}: к ${highest}-му семестру привязаны дисциплины; сначала измените список дисциплин`,
      ).at('courseCount');
    }
  }
}

function calendarFields(request: CalendarRequest): CalendarFields {
  return {
    academicYearId: request.academicYearId,
    specialtyId: request.specialtyId,
    specialtyProfileId: request.specialtyProfileId,
    studyFormId: request.studyFormId,
    courseCount: request.courseCount,
  };
}

export function toCalendarResponse(row: CalendarRow): CalendarResponse {
  return {
    id: row.id,
    title: row.title,
    academicYearId: row.academicYearId,
    academicYearTitle: row.academicYearTitle,
    specialtyId: row.specialtyId,
    specialtyCode: row.specialtyCode,
    specialtyName: row.specialtyName,
    specialtyProfileId: row.specialtyProfileId,
    specialtyProfileName: row.specialtyProfileName,
    studyFormId: row.studyFormId,
    studyFormName: row.studyFormName,
    courseCount: row.courseCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
