import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { departmentScope } from '../../platform/auth/department-scope';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/app-error';
import { GROUP_NOT_FOUND, OTHER_DEPARTMENT_GROUP } from '../shared/access';
import { CalendarFacts, incompatibility } from '../shared/compatibility';
import { CalendarSubjectsRepository } from '../subjects/calendar-subjects.repository';
import { AssignmentRequest, AssignmentResponse } from './dto/assignment.dto';
import {
  AssignmentGroup,
  AssignmentRef,
  AssignmentRow,
  AssignmentYear,
  CalendarAssignmentsRepository,
  CONCURRENT_ASSIGNMENT,
} from './calendar-assignments.repository';

const ASSIGNMENT_NOT_FOUND = 'Назначение календаря не найдено';

/** Everything that decides a save, read once without locks and once under them. */
interface SaveState {
  group?: AssignmentGroup;
  calendar?: CalendarFacts;
  year?: AssignmentYear;
  existing?: AssignmentRef;
}

/**
 * Which academic calendar a group follows in each academic year (spec 4.19). Reads: ADMIN,
 * EDUCATION_OFFICE, SCHEDULE_VIEWER and DEPARTMENT for its own groups; changes: ADMIN, EDUCATION_OFFICE.
 */
@Injectable()
export class CalendarAssignmentsService {
  constructor(
    private readonly db: TenantDb,
    private readonly assignments: CalendarAssignmentsRepository,
    private readonly subjects: CalendarSubjectsRepository,
  ) {}

  async list(caller: AuthUser, groupId: number): Promise<AssignmentResponse[]> {
    const group = await this.assignments.group(groupId);
    if (!group) throw new NotFoundError(GROUP_NOT_FOUND);
    const scope = departmentScope(caller);
    if (scope !== undefined && scope !== group.departmentId) throw new ForbiddenError(OTHER_DEPARTMENT_GROUP);
    return this.withSubjects(await this.assignments.listOfGroup(groupId));
  }

  /**
   * Creates or replaces the group's assignment for the year. The rules are checked on a first read
   * (400 with the reason); the save then locks group, calendar, year and existing assignment in that
   * order and answers 409 when any of them changed in between (another save or change won).
   */
  async save(groupId: number, request: AssignmentRequest): Promise<AssignmentResponse> {
    const seen = await this.readState(groupId, request, false);
    const group = checkSave(seen, request);
    const id = await this.db.transaction(async () => {
      const locked = await this.readState(groupId, request, true);
      if (decidingKey(locked) !== decidingKey(seen)) throw new ConflictError(CONCURRENT_ASSIGNMENT);
      if (!locked.existing) return this.assignments.insert(group.id, request.academicYearId, request.calendarId);
      await this.assignments.setCalendar(locked.existing.id, request.calendarId);
      return locked.existing.id;
    });
    return this.get(id);
  }

  /** Removes one assignment of the group; answers the removed record. */
  async remove(groupId: number, assignmentId: number): Promise<AssignmentResponse> {
    return this.db.transaction(async () => {
      if (!(await this.assignments.group(groupId, true))) throw new NotFoundError(GROUP_NOT_FOUND);
      if (!(await this.assignments.lockOfGroup(groupId, assignmentId))) throw new NotFoundError(ASSIGNMENT_NOT_FOUND);
      const removed = await this.find(assignmentId);
      await this.assignments.delete(assignmentId);
      return removed;
    });
  }

  private async get(id: number): Promise<AssignmentResponse> {
    return this.find(id);
  }

  private async find(id: number): Promise<AssignmentResponse> {
    const row = await this.assignments.findRow(id);
    if (!row) throw new NotFoundError(ASSIGNMENT_NOT_FOUND);
    return (await this.withSubjects([row]))[0];
  }

  /** The locking order is fixed (group, calendar, year, assignment) so that saves cannot deadlock. */
  private async readState(groupId: number, request: AssignmentRequest, lock: boolean): Promise<SaveState> {
    return {
      group: await this.assignments.group(groupId, lock),
      calendar: await this.assignments.calendar(request.calendarId, lock),
      year: await this.assignments.year(request.academicYearId, lock),
      existing: await this.assignments.ofGroupAndYear(groupId, request.academicYearId, lock),
    };
  }

  /** Two queries for any number of assignments: the rows, then the subjects of their calendars. */
  private async withSubjects(rows: AssignmentRow[]): Promise<AssignmentResponse[]> {
    if (rows.length === 0) return [];
    const subjects = await this.subjects.listFor([...new Set(rows.map((row) => row.calendarId))]);
    return rows.map((row) => ({ ...row, subjects: subjects.filter((subject) => subject.calendarId === row.calendarId) }));
  }
}

/** The rules of an assignment (404 for the group, 400 otherwise); answers the group. */
function checkSave(state: SaveState, request: AssignmentRequest): AssignmentGroup {
  const { group, calendar, year } = state;
  if (!group) throw new NotFoundError(GROUP_NOT_FOUND);
  if (!year) throw new BadRequestError('Учебный год не найден').at('academicYearId');
  if (!calendar) throw new BadRequestError('Учебный календарь не найден').at('calendarId');
  if (group.archived) throw new BadRequestError('Группа в архиве: календарь ей назначить нельзя');
  if (calendar.academicYearId !== request.academicYearId) {
    throw new BadRequestError(`Календарь не подходит группе: он составлен не на ${year.title} учебный год`).at('calendarId');
  }
  const unfit = incompatibility(group, calendar, year);
  if (unfit) throw new BadRequestError(`Календарь не подходит группе «${group.name}»: ${unfit.reason}`).at('calendarId');
  return group;
}

/** The facts a save depends on; names and other display fields may change without a conflict. */
function decidingKey(state: SaveState): string {
  const { group, calendar, year, existing } = state;
  return JSON.stringify([
    group && [group.id, group.archived, group.specialtyId, group.specialtyProfileId, group.educationFormId, group.yearStartStudy],
    calendar && [calendar.id, calendar.academicYearId, calendar.specialtyId, calendar.specialtyProfileId, calendar.studyFormId, calendar.courseCount],
    year && [year.id, year.startDate],
    existing && [existing.id, existing.calendarId],
  ]);
}
