import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/app-error';
import { todayInBusinessZone } from '../../platform/http/dates';
import { departmentScope } from '../../platform/auth/department-scope';
import { DepartmentMembership } from '../../users';
import { SubjectsRepository } from '../subjects/subjects.repository';
import { TeacherSubjectCreateRequest, TeacherSubjectLessonTypesRequest, TeacherSubjectRequest, TeacherSubjectResponse } from './dto/teacher-subject.dto';
import { LINK_EXISTS, TeacherSubjectsRepository } from './teacher-subjects.repository';

export const LINK_NOT_FOUND = 'Преподаватель не закреплён за этой дисциплиной';
export const OTHER_DEPARTMENT_SUBJECT = 'Можно работать только с дисциплинами своей кафедры';
export const TEACHER_NOT_IN_DEPARTMENT = 'Преподаватель сегодня не закреплён за вашей кафедрой';

/**
 * Which teacher may teach which subject. A DEPARTMENT caller works only with its own department's
 * subjects, and links only teachers who today hold a primary or additional assignment to it.
 */
@Injectable()
export class TeacherSubjectsService {
  constructor(
    private readonly db: TenantDb,
    private readonly links: TeacherSubjectsRepository,
    private readonly subjects: SubjectsRepository,
    private readonly membership: DepartmentMembership,
  ) {}

  list(caller: AuthUser): Promise<TeacherSubjectResponse[]> {
    return this.links.list(departmentScope(caller));
  }

  async create(caller: AuthUser, request: TeacherSubjectCreateRequest): Promise<TeacherSubjectResponse> {
    const scope = departmentScope(caller);
    return this.db.transaction(async () => {
      const user = await this.links.lockUser(request.userId);
      if (!user) throw new BadRequestError('Пользователь не найден').at('userId');
      if (user.role !== 'TEACHER') throw new BadRequestError('Пользователь не является преподавателем').at('userId');
      if (!user.active) throw new BadRequestError('Преподаватель в архиве').at('userId');
      const subject = await this.subjects.lockForReference(request.subjectId);
      if (!subject) throw new BadRequestError('Дисциплина не найдена').at('subjectId');
      if (subject.archived) throw new BadRequestError('Дисциплина в архиве').at('subjectId');

      if (scope !== undefined) {
        if (subject.departmentId !== scope) throw new ForbiddenError(OTHER_DEPARTMENT_SUBJECT).at('subjectId');
        const today = todayInBusinessZone();
        if (!(await this.membership.assignedDuring(request.userId, scope, today, today))) {
          throw new ForbiddenError(TEACHER_NOT_IN_DEPARTMENT).at('userId');
        }
      }
      if (await this.links.find(request.userId, request.subjectId)) throw new ConflictError(LINK_EXISTS).at('subjectId');
      const lessonTypeIds = await this.checkLessonTypes(request.lessonTypeIds ?? []);
      await this.links.insert(request.userId, request.subjectId);
      await this.links.replaceLessonTypes(request.userId, request.subjectId, lessonTypeIds);
      const link = await this.links.find(request.userId, request.subjectId);
      if (!link) throw new NotFoundError(LINK_NOT_FOUND);
      return link;
    });
  }

  /**
   * Replaces the lesson types an existing link is restricted to (an empty list lifts the restriction)
   * and returns the link. Who may, as for removal: DEPARTMENT only for its own department's subjects,
   * refused before revealing whether the link exists. The link row is locked, so a parallel removal
   * or change waits.
   */
  async setLessonTypes(caller: AuthUser, request: TeacherSubjectLessonTypesRequest): Promise<TeacherSubjectResponse> {
    const scope = departmentScope(caller);
    return this.db.transaction(async () => {
      await this.ensureOwnSubject(scope, request.subjectId);
      if (!(await this.links.find(request.userId, request.subjectId, true))) throw new NotFoundError(LINK_NOT_FOUND);
      const lessonTypeIds = await this.checkLessonTypes(request.lessonTypeIds);
      await this.links.replaceLessonTypes(request.userId, request.subjectId, lessonTypeIds);
      const link = await this.links.find(request.userId, request.subjectId);
      if (!link) throw new NotFoundError(LINK_NOT_FOUND);
      return link;
    });
  }

  /**
   * Removes a link and returns it. DEPARTMENT may remove links of its own subjects only (also of a
   * teacher who has since left the department), refused before revealing whether the link exists.
   */
  async remove(caller: AuthUser, request: TeacherSubjectRequest): Promise<TeacherSubjectResponse> {
    const scope = departmentScope(caller);
    return this.db.transaction(async () => {
      await this.ensureOwnSubject(scope, request.subjectId);
      const link = await this.links.find(request.userId, request.subjectId, true);
      if (!link) throw new NotFoundError(LINK_NOT_FOUND);
      await this.links.delete(request.userId, request.subjectId);
      return link;
    });
  }

  /** A DEPARTMENT caller may touch links of its own department's subjects only (a missing subject is left to the link lookup). */
  private async ensureOwnSubject(scope: number | undefined, subjectId: number): Promise<void> {
    if (scope === undefined) return;
    const subject = await this.subjects.find(subjectId);
    if (subject && subject.departmentId !== scope) throw new ForbiddenError(OTHER_DEPARTMENT_SUBJECT);
  }

  /** The distinct requested lesson types, ascending, all of which must exist (400 otherwise). */
  private async checkLessonTypes(ids: readonly number[]): Promise<number[]> {
    const distinct = [...new Set(ids)].sort((a, b) => a - b);
    const missing = await this.links.missingLessonTypes(distinct);
    if (missing.length > 0) throw new BadRequestError(`Вид занятий не найден: ${missing.join(', ')}`).at('lessonTypeIds');
    return distinct;
  }
}
