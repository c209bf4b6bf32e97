import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/app-error';
import { todayInBusinessZone } from '../../platform/http/dates';
import { departmentScope } from '../../platform/auth/department-scope';
import { SubjectsRepository } from '../subjects/subjects.repository';
import { TeacherSubjectRequest, TeacherSubjectResponse } from './dto/teacher-subject.dto';
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
  ) {}

  list(caller: AuthUser): Promise<TeacherSubjectResponse[]> {
    return this.links.list(departmentScope(caller));
  }

  async create(caller: AuthUser, request: TeacherSubjectRequest): Promise<TeacherSubjectResponse> {
    const scope = departmentScope(caller);
    return this.db.transaction(async (manager) => {
      const user = await this.links.lockUser(manager, request.userId);
      if (!user) throw new BadRequestError('Пользователь не найден');
      if (user.role !== 'TEACHER') throw new BadRequestError('Пользователь не является преподавателем');
      if (!user.active) throw new BadRequestError('Преподаватель в архиве');
      const subject = await this.subjects.lockForReference(manager, request.subjectId);
      if (!subject) throw new BadRequestError('Дисциплина не найдена');
      if (subject.archived) throw new BadRequestError('Дисциплина в архиве');

      if (scope !== undefined) {
        if (subject.departmentId !== scope) throw new ForbiddenError(OTHER_DEPARTMENT_SUBJECT);
        if (!(await this.links.assignedOn(manager, request.userId, scope, todayInBusinessZone()))) {
          throw new ForbiddenError(TEACHER_NOT_IN_DEPARTMENT);
        }
      }
      if (await this.links.find(manager, request.userId, request.subjectId)) throw new ConflictError(LINK_EXISTS);
      await this.links.insert(manager, request.userId, request.subjectId);
      const link = await this.links.find(manager, request.userId, request.subjectId);
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
    return this.db.transaction(async (manager) => {
      if (scope !== undefined) {
        const subject = await this.subjects.find(request.subjectId, manager);
        if (subject && subject.departmentId !== scope) throw new ForbiddenError(OTHER_DEPARTMENT_SUBJECT);
      }
      const link = await this.links.find(manager, request.userId, request.subjectId, true);
      if (!link) throw new NotFoundError(LINK_NOT_FOUND);
      await this.links.delete(manager, request.userId, request.subjectId);
      return link;
    });
  }
}
