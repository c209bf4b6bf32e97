import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError } from '../../platform/http/app-error';
import { RenderedLessonsJson } from './dto/rendered-lessons-json';
import { VersionLessonsQuery } from './dto/version-lessons.dto';
import { checkRange } from './pipeline/date-range';
import { LessonCriteria } from './pipeline/lesson-criteria';
import { LessonPipeline, LoadedView } from './pipeline/lesson-pipeline';
import { ViewLesson } from './pipeline/override-step';
import { LessonJsonCache, TimetableCache } from './snapshot/cache-size';
import { ReferenceData } from './snapshot/reference-data';
import { SnapshotLoader } from './snapshot/snapshot-loader';
import { ViewingDataRepository } from './snapshot/viewing-data.repository';
import { ViewingSnapshotCache } from './snapshot/viewing-snapshot.cache';
import { GROUP_NOT_FOUND, TEACHER_NOT_FOUND } from './schedule-viewing.service';

export const VERSION_NOT_FOUND = 'Версия расписания не найдена';
export const CLASSROOM_NOT_FOUND = 'Аудитория не найдена';
const FILTERS = ['groupId', 'teacherId', 'classroomId'] as const;

/**
 * A version's lessons as the timetable would show them (issue 54 §4): the office compares a solver's
 * draft with its source, or looks at an archived version, week by week. Viewing reads only published
 * versions (spec 4.5); this lays out any version of any status with the same pipeline (base series,
 * the version's own one-off changes, filter, render), so a published version answers exactly what
 * GET /api/schedule answers for it. The version's rules are read per request, narrowed to the one
 * timetable asked for; the names come from the viewing cache's reference data of the same stamp.
 */
@Injectable()
export class VersionLessonsService {
  constructor(
    private readonly cache: ViewingSnapshotCache,
    private readonly loader: SnapshotLoader,
    private readonly pipeline: LessonPipeline,
    private readonly data: ViewingDataRepository,
  ) {}

  /** What the answer depends on besides the data (its ETag), after the checks that need none. */
  key(versionId: number, query: VersionLessonsQuery): string {
    checkQuery(query);
    const filter = FILTERS.map((name) => `${name}=${query[name] ?? ''}`).join('&');
    return `version:${versionId}?${filter}&startDate=${query.startDate}&endDate=${query.endDate}`;
  }

  lessons(versionId: number, query: VersionLessonsQuery): Promise<RenderedLessonsJson> {
    checkQuery(query);
    return this.cache.run(async (snapshots) => {
      const reference = await snapshots.reference();
      const version = await this.data.version(versionId);
      if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
      checkNamed(reference, query);
      const semester = reference.semesters.find((candidate) => candidate.id === version.semesterId);
      const criteria: LessonCriteria = {
        startDate: query.startDate,
        endDate: query.endDate,
        groupIds: query.groupId === undefined ? undefined : [query.groupId],
        teacherId: query.teacherId,
        classroomId: query.classroomId,
      };
      const touches = semester && semester.startDate <= query.endDate && semester.endDate >= query.startDate;
      const loaded =
        semester && touches
          ? await snapshots.consistent(() =>
              this.loader.loadVersion(semester, versionId, {
                groupIds: criteria.groupIds && [...criteria.groupIds],
                teacherIds: query.teacherId === undefined ? undefined : [query.teacherId],
                classroomIds: query.classroomId === undefined ? undefined : [query.classroomId],
              }),
            )
          : undefined;
      // Nothing of this view is kept: a version's lessons are laid out for the request alone, and its
      // timetables must never meet the published ones under the same semester's key.
      const view: LoadedView = {
        stamp: snapshots.stamp,
        reference,
        lessonJson: new LessonJsonCache<ViewLesson>(),
        timetables: new TimetableCache<ViewLesson>(),
        semesters: loaded ? [loaded] : [],
        keepsNew: false,
      };
      return this.pipeline.lessons(view, criteria);
    });
  }
}

/** Exactly one of group, teacher and room, and a range of at most 200 dates: 400 at the field. */
function checkQuery(query: VersionLessonsQuery): void {
  const named = FILTERS.filter((name) => query[name] !== undefined);
  if (named.length === 0) throw new BadRequestError('Укажите группу (groupId), преподавателя (teacherId) или аудиторию (classroomId)').at(...FILTERS);
  if (named.length > 1) throw new BadRequestError(`Укажите только один из параметров groupId, teacherId и classroomId, а не ${named.join(' и ')}`).at(named[0], ...named.slice(1));
  checkRange(query);
}

/** The named group, teacher or room exists (else 400 at its parameter, as a bad reference in a request). */
function checkNamed(reference: ReferenceData, query: VersionLessonsQuery): void {
  if (query.groupId !== undefined && !reference.groups.has(query.groupId)) throw new BadRequestError(GROUP_NOT_FOUND).at('groupId');
  if (query.teacherId !== undefined && !reference.teachers.has(query.teacherId)) throw new BadRequestError(TEACHER_NOT_FOUND).at('teacherId');
  if (query.classroomId !== undefined && !reference.classrooms.has(query.classroomId)) throw new BadRequestError(CLASSROOM_NOT_FOUND).at('classroomId');
}
