import { Injectable } from '@nestjs/common';
import { Departments } from '../../departments';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { EndedRulesField, endedRulesField, RulesOfArchived } from '../../platform/rules-of-archived';
import { SubjectRequest, SubjectResponse } from './dto/subject.dto';
import { SUBJECT_NAME_TAKEN, SubjectState, SubjectsRepository } from './subjects.repository';

export const SUBJECT_NOT_FOUND = 'Дисциплина не найдена';
export const DEPARTMENT_NOT_FOUND = 'Кафедра не найдена';

export function toSubjectResponse(subject: SubjectState | SubjectResponse): SubjectResponse {
  return { id: subject.id, name: subject.name, code: subject.code, departmentId: subject.departmentId };
}

/** The subject reference list kept by ADMIN and EDUCATION_OFFICE. */
@Injectable()
export class SubjectsService {
  constructor(
    private readonly db: TenantDb,
    private readonly subjects: SubjectsRepository,
    private readonly departments: Departments,
    private readonly rulesOfArchived: RulesOfArchived,
  ) {}

  listActive(): Promise<SubjectResponse[]> {
    return this.subjects.listActive();
  }

  async listOfDepartment(departmentId: number): Promise<SubjectResponse[]> {
    if (!(await this.departments.findById(departmentId))) throw new NotFoundError(DEPARTMENT_NOT_FOUND);
    return this.subjects.listActive(departmentId);
  }

  /** Creates a subject; its name must be free among all subjects, archived ones included. */
  async create(request: SubjectRequest): Promise<SubjectResponse> {
    return this.db.transaction(async () => {
      if (!(await this.departments.lockForReference(request.departmentId))) throw new BadRequestError(DEPARTMENT_NOT_FOUND).at('departmentId');
      if (await this.subjects.nameTaken(request.name)) throw new ConflictError(SUBJECT_NAME_TAKEN).at('name');
      return this.subjects.insert({ name: request.name, code: request.code || null, departmentId: request.departmentId });
    });
  }

  /**
   * Deletes a subject nothing refers to; archives a referenced one instead, so history keeps it. The
   * row lock makes a concurrent reference (which holds FOR KEY SHARE on it) finish first and be seen.
   */
  /** The schedule rules of the subject end from `effectiveFrom` (tomorrow by default) first, their past kept (issue 53). */
  async remove(id: number, effectiveFrom?: string): Promise<SubjectResponse & EndedRulesField> {
    if (!(await this.subjects.find(id))) throw new NotFoundError(SUBJECT_NOT_FOUND);
    const endedRules = await this.rulesOfArchived.end({ kind: 'SUBJECT', id }, effectiveFrom);
    const removed = await this.db.transaction(async () => {
      const subject = await this.subjects.lockForChange(id);
      if (!subject) throw new NotFoundError(SUBJECT_NOT_FOUND);
      if (await this.subjects.isReferenced(id)) await this.subjects.archive(id);
      else await this.subjects.delete(id);
      return toSubjectResponse(subject);
    });
    return { ...removed, ...endedRulesField(endedRules) };
  }
}
