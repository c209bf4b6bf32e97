import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { ownDepartment } from '../../platform/auth/department-scope';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/http/app-error';
import { DepartmentScheduleQuery, ScheduleQuery, ScheduleSearchQuery } from './dto/schedule-queries.dto';
import { LessonTypeResponse } from './dto/rendered-lesson.dto';
import { RenderedLessonsJson } from './dto/rendered-lessons-json';
import { checkRange } from './pipeline/date-range';
import { LessonCriteria } from './pipeline/lesson-criteria';
import { LessonPipeline, LoadedView } from './pipeline/lesson-pipeline';
import { checkWideSearch } from './pipeline/wide-search';
import { activeGroupsOf, lastActiveDays, ReferenceData } from './snapshot/reference-data';
import { ViewingDataRepository } from './snapshot/viewing-data.repository';
import { ViewingSnapshotCache } from './snapshot/viewing-snapshot.cache';

export const GROUP_NOT_FOUND = 'Группа не найдена';
export const TEACHER_NOT_FOUND = 'Преподаватель не найден';
export const DEPARTMENT_NOT_FOUND = 'Кафедра не найдена';
export const FOREIGN_DEPARTMENT = 'Можно просматривать расписание только своей кафедры';
export const GROUP_NOT_IN_DEPARTMENT = 'Группа не относится к действующим группам кафедры';

/** The names a printed timetable needs around its lessons (the export): semesters, groups, teachers, classrooms. */
export type ViewingNames = Pick<ReferenceData, 'semesters' | 'groups' | 'teachers' | 'classrooms'>;

/**
 * Schedule viewing: rendered lessons of the published versions for a range. Every request costs one
 * query for the data stamp when the tenant's snapshots are warm (see ViewingSnapshotCache); access and
 * existence checks use the same snapshot as the lessons.
 */
@Injectable()
export class ScheduleViewingService {
  private readonly checkedScheduleQueries = new WeakMap<ScheduleQuery, string>();

  constructor(
    private readonly cache: ViewingSnapshotCache,
    private readonly pipeline: LessonPipeline,
    private readonly data: ViewingDataRepository,
  ) {}

  /**
   * What an answer depends on besides the data (the request part of its ETag), after the checks that
   * need no data: a request refused by them never reaches a conditional answer.
   */
  scheduleKey(_caller: AuthUser, query: ScheduleQuery): string {
    // A validated query object is shared by the requests that sent the same query (the global pipe
    // remembers it), so its checks and key are made once per object.
    let key = this.checkedScheduleQueries.get(query);
    if (key === undefined) {
      checkScheduleQuery(query);
      key = `schedule?${canonical(query)}`;
      this.checkedScheduleQueries.set(query, key);
    }
    return key;
  }

  searchKey(_caller: AuthUser, query: ScheduleSearchQuery): string {
    checkRange(query);
    return `search?${canonical(query)}`;
  }

  /** The department schedule depends on the caller: DEPARTMENT sees its own department. */
  departmentKey(caller: AuthUser, query: DepartmentScheduleQuery): string {
    const departmentId = this.departmentOf(caller, query.departmentId);
    checkRange(query);
    return `department:${caller.role}:${departmentId}?${canonical(query)}`;
  }

  /** GET /api/schedule: one group's or one teacher's timetable (open to every role, not narrowed). */
  schedule(caller: AuthUser, query: ScheduleQuery): Promise<RenderedLessonsJson> {
    this.scheduleKey(caller, query); // the checks that need no data

    const { groupId, teacherId } = query;
    return this.cache.run(async (snapshots) => {
      const view = await this.pipeline.load(snapshots, query);
      if (groupId !== undefined) {
        if (!view.reference.groups.has(groupId)) throw new NotFoundError(GROUP_NOT_FOUND);
        return this.pipeline.lessons(view, { ...range(query), groupIds: [groupId] });
      }
      if (teacherId === undefined || !view.reference.teachers.has(teacherId)) throw new NotFoundError(TEACHER_NOT_FOUND);
      return this.pipeline.lessons(view, { ...range(query), teacherId });
    });
  }

  /**
   * GET /api/schedule/search. With a teacher and neither group nor department it is the teacher-only
   * mode (the teacher's own schedule); any other search without group or department is refused
   * while the tenant has more than 50 active groups, whatever its other filters.
   */
  search(_caller: AuthUser, query: ScheduleSearchQuery): Promise<RenderedLessonsJson> {
    checkRange(query);
    return this.cache.run(async (snapshots) => {
      const view = await this.pipeline.load(snapshots, query);
      const criteria: LessonCriteria = {
        ...range(query),
        ...searchGroups(view, query),
        teacherId: query.teacherId,
        classroomId: query.classroomId,
        subjectId: query.subjectId,
        lessonTypeId: query.lessonTypeId,
        timeSlotId: query.timeSlotId,
        parity: query.parity === 'BOTH' ? undefined : query.parity,
      };
      const teacherOnly = query.teacherId !== undefined && query.groupId === undefined && query.departmentId === undefined;
      if (criteria.groupIds === undefined && !teacherOnly) checkWideSearch(view.reference);
      return this.pipeline.lessons(view, criteria);
    });
  }

  /**
   * GET /api/department/schedule: the lessons of a department's active groups. DEPARTMENT works on its
   * own department (another one named in the query is 403); the other roles must name one.
   */
  departmentSchedule(caller: AuthUser, query: DepartmentScheduleQuery): Promise<RenderedLessonsJson> {
    const departmentId = this.departmentOf(caller, query.departmentId);
    checkRange(query);
    return this.cache.run(async (snapshots) => {
      const view = await this.pipeline.load(snapshots, query);
      if (caller.role !== 'DEPARTMENT' && !view.reference.departmentIds.has(departmentId)) throw new BadRequestError(DEPARTMENT_NOT_FOUND);
      const groups = activeGroupsOf(view.reference, departmentId, query.startDate);
      if (query.groupId !== undefined && !groups.includes(query.groupId)) {
        throw caller.role === 'DEPARTMENT' ? new ForbiddenError(GROUP_NOT_IN_DEPARTMENT) : new BadRequestError(GROUP_NOT_IN_DEPARTMENT);
      }
      const groupIds = query.groupId !== undefined ? [query.groupId] : groups;
      return this.pipeline.lessons(view, {
        ...range(query),
        groupIds,
        groupsActiveTo: lastActiveDays(view.reference, groupIds),
        teacherId: query.teacherId,
      });
    });
  }

  /** The names of the current snapshot, for laying lessons out (the export's headers and columns). */
  names(): Promise<ViewingNames> {
    return this.cache.run((snapshots) => snapshots.reference());
  }

  /** GET /api/lesson-types. */
  async lessonTypes(): Promise<LessonTypeResponse[]> {
    return this.data.lessonTypes();
  }

  private departmentOf(caller: AuthUser, requested: number | undefined): number {
    if (caller.role === 'DEPARTMENT') {
      const own = ownDepartment(caller);
      if (requested !== undefined && requested !== own) throw new ForbiddenError(FOREIGN_DEPARTMENT);
      return own;
    }
    if (requested === undefined) throw new BadRequestError('Параметр «departmentId» обязателен');
    return requested;
  }
}

function checkScheduleQuery(query: ScheduleQuery): void {
  if (query.groupId === undefined && query.teacherId === undefined) {
    throw new BadRequestError('Укажите группу (groupId) или преподавателя (teacherId)');
  }
  if (query.groupId !== undefined && query.teacherId !== undefined) {
    throw new BadRequestError('Укажите только один из параметров: groupId или teacherId');
  }
  checkRange(query);
}

/** A query's parameters as one string, independent of their order in the URL. */
function canonical(query: object): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('&');
}

function range(query: { startDate: string; endDate: string }) {
  return { startDate: query.startDate, endDate: query.endDate };
}

/**
 * The groups a search is confined to: the named group, the department's active groups (each up to its
 * last active day), or both.
 */
function searchGroups(view: LoadedView, query: ScheduleSearchQuery): Pick<LessonCriteria, 'groupIds' | 'groupsActiveTo'> {
  if (query.departmentId === undefined) return { groupIds: query.groupId === undefined ? undefined : [query.groupId] };
  const groups = activeGroupsOf(view.reference, query.departmentId, query.startDate);
  const groupIds = query.groupId === undefined ? groups : groups.filter((groupId) => groupId === query.groupId);
  return { groupIds, groupsActiveTo: lastActiveDays(view.reference, groupIds) };
}
