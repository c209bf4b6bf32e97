import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../platform/http/app-error';
import { StudyGroups } from '../../study-structure';
import { UserNames } from '../../users';
import { LegacyLessonRequest, LegacyLessonResponse } from './dto/legacy-lesson.dto';
import { LegacyLessonsRepository } from './legacy-lessons.repository';

/** The earlier interface revision's lesson list, kept for its old clients. */
@Injectable()
export class LegacyLessonsService {
  constructor(
    private readonly lessons: LegacyLessonsRepository,
    private readonly users: UserNames,
    private readonly groups: StudyGroups,
  ) {}

  list(): Promise<LegacyLessonResponse[]> {
    return this.lessons.list();
  }

  /** Unknown references are a bad request (400), as that revision lists only 200 and 400 here. */
  async create(request: LegacyLessonRequest): Promise<LegacyLessonResponse> {
    // The teacher's role and the group from their owners, the lesson type from this feature: asked at once.
    const [roles, groups, lessonTypeExists] = await Promise.all([
      this.users.roles([request.teacherId]),
      this.groups.existing([request.groupId]),
      this.lessons.lessonTypeExists(request.lessonTypeId),
    ]);
    const teacherRole = roles.get(request.teacherId);
    if (teacherRole === undefined) throw new BadRequestError('Преподаватель не найден');
    if (teacherRole !== 'TEACHER') throw new BadRequestError('Пользователь не является преподавателем');
    if (!groups.has(request.groupId)) throw new BadRequestError('Группа не найдена');
    if (!lessonTypeExists) throw new BadRequestError('Тип занятия не найден');
    return this.lessons.insert(request);
  }
}
