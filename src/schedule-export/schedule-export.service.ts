import { Injectable } from '@nestjs/common';
import { Departments } from '../departments';
import type { AuthUser } from '../platform/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { activeGroupsOf, DEPARTMENT_SCHEDULE_VIEWERS, RenderedLessonDto, ScheduleViewingService, ViewingNames } from '../schedule';
import { lessonsCsv } from './csv-lessons';
import { ExportFormat, ScheduleExportQuery } from './dto/schedule-export.query';
import { CONTENT_TYPES, contentDisposition } from './file-names';
import { timetablePdf } from './pdf-timetable';
import { ExportTarget, layOut, TargetKind } from './timetable-layout';
import { timetableXlsx } from './xlsx-timetable';

export const ONE_TARGET = 'Укажите ровно один из параметров: groupId, teacherId, classroomId или departmentId';
export const CLASSROOM_NOT_FOUND = 'Аудитория не найдена';

export interface ExportFile {
  body: Buffer;
  contentType: string;
  disposition: string;
}

const TITLES: Record<TargetKind, string> = {
  group: 'Расписание группы',
  teacher: 'Расписание преподавателя',
  classroom: 'Расписание аудитории',
  department: 'Расписание кафедры',
};

/**
 * The timetable as a file. The lessons are exactly those of the viewing endpoints for the same target
 * and range (GET /api/schedule for a group or teacher, the classroom search, the department schedule),
 * with their checks, roles and limits: this service only lays them out.
 */
@Injectable()
export class ScheduleExportService {
  constructor(
    private readonly viewing: ScheduleViewingService,
    private readonly departments: Departments,
  ) {}

  async export(caller: AuthUser, query: ScheduleExportQuery): Promise<ExportFile> {
    const [kind, id] = targetOf(query);
    const range = { startDate: query.startDate, endDate: query.endDate };
    const lessons = await this.lessonsOf(caller, kind, id, range);
    const names = await this.viewing.names();
    const target = await this.describe(kind, id, names, range.startDate);
    const title = `${TITLES[kind]} ${target.name}`;
    return {
      body: await this.render(query.format, target, title, lessons, names, range),
      contentType: CONTENT_TYPES[query.format],
      disposition: contentDisposition(target, range.startDate, range.endDate, query.format),
    };
  }

  private async lessonsOf(caller: AuthUser, kind: TargetKind, id: number, range: { startDate: string; endDate: string }): Promise<RenderedLessonDto[]> {
    let json;
    switch (kind) {
      case 'group':
        json = await this.viewing.schedule(caller, { ...range, groupId: id });
        break;
      case 'teacher':
        json = await this.viewing.schedule(caller, { ...range, teacherId: id });
        break;
      case 'classroom':
        json = await this.viewing.search(caller, { ...range, classroomId: id });
        break;
      case 'department':
        // The department schedule's own roles (its controller's guard), then its checks.
        if (!DEPARTMENT_SCHEDULE_VIEWERS.includes(caller.role)) throw new ForbiddenError();
        json = await this.viewing.departmentSchedule(caller, { ...range, departmentId: id });
        break;
    }
    return JSON.parse(json.bytes.toString('utf8')) as RenderedLessonDto[];
  }

  private async describe(kind: TargetKind, id: number, names: ViewingNames, from: string): Promise<ExportTarget> {
    switch (kind) {
      case 'group': {
        const name = names.groups.get(id)?.name ?? '';
        return { kind, id, name, columns: [{ name, groupId: id }] };
      }
      case 'teacher': {
        const name = names.teachers.get(id) ?? '';
        return { kind, id, name, columns: [{ name }] };
      }
      case 'classroom': {
        const name = names.classrooms.get(id);
        if (name === undefined) throw new NotFoundError(CLASSROOM_NOT_FOUND);
        return { kind, id, name, columns: [{ name }] };
      }
      case 'department': {
        const name = (await this.departments.findById(id))?.name ?? '';
        const columns = activeGroupsOf(names, id, from)
          .map((groupId) => ({ name: names.groups.get(groupId)?.name ?? '', groupId }))
          .sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.groupId - b.groupId);
        return { kind, id, name, columns };
      }
    }
  }

  private async render(
    format: ExportFormat,
    target: ExportTarget,
    title: string,
    lessons: RenderedLessonDto[],
    names: ViewingNames,
    range: { startDate: string; endDate: string },
  ): Promise<Buffer> {
    if (format === 'csv') return lessonsCsv(lessons);
    const sheets = layOut(target, range.startDate, range.endDate, lessons, names.semesters);
    if (format === 'xlsx') return timetableXlsx(target, title, sheets);
    const pageTitle = (column: number) => (target.kind === 'department' ? `Группа ${target.columns[column].name} · ${target.name}` : title);
    return timetablePdf(target, title, sheets, pageTitle);
  }
}

/** The one target of the query, as viewing names it. */
function targetOf(query: ScheduleExportQuery): [TargetKind, number] {
  const given = (
    [
      ['group', query.groupId],
      ['teacher', query.teacherId],
      ['classroom', query.classroomId],
      ['department', query.departmentId],
    ] as const
  ).filter((entry): entry is readonly [TargetKind, number] => entry[1] !== undefined);
  if (given.length !== 1) throw new BadRequestError(ONE_TARGET);
  return [given[0][0], given[0][1]];
}
