import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../platform/auth/auth-user';
import { TenantDb } from '../../platform/database/tenant-db';
import { ConflictError, NotFoundError } from '../../platform/http/app-error';
import { UserNames } from '../../users';
import { ownDepartment } from '../../platform/auth/department-scope';
import { SubjectCommentRequest, SubjectCommentResponse } from './dto/subject-comment.dto';
import { SubjectImportItem } from './dto/subject-import.dto';
import { SubjectResponse } from './dto/subject.dto';
import { nameKey, planImport } from './import-plan';
import { StoredComment, SubjectCommentsRepository } from './subject-comments.repository';
import { SubjectsRepository } from './subjects.repository';
import { SUBJECT_NOT_FOUND, toSubjectResponse } from './subjects.service';

/**
 * The department workspace's subjects (DEPARTMENT only): the department always comes from the
 * caller's token, and another department's subject answers 404 as if it did not exist.
 */
@Injectable()
export class DepartmentSubjectsService {
  constructor(
    private readonly db: TenantDb,
    private readonly subjects: SubjectsRepository,
    private readonly comments: SubjectCommentsRepository,
    private readonly users: UserNames,
  ) {}

  list(caller: AuthUser): Promise<SubjectResponse[]> {
    return this.subjects.listActive(ownDepartment(caller));
  }

  /**
   * Imports a list in one transaction: own subjects (archived too) get the new code and are restored
   * with their id; new names are created in the caller's department; a name owned by another
   * department refuses the whole import. Answers one subject per distinct name, in payload order.
   */
  async import(caller: AuthUser, items: readonly SubjectImportItem[]): Promise<SubjectResponse[]> {
    return this.importInto(ownDepartment(caller), items);
  }

  /** The same import into a named department: the data import (issue 28) uses it for a file's rows. */
  async importInto(departmentId: number, items: readonly SubjectImportItem[]): Promise<SubjectResponse[]> {
    const plan = planImport(items);
    const names = plan.map((subject) => subject.name);
    return this.db.transaction(async () => {
      const matches = await this.subjects.matchNames(names, true);
      const foreign = matches.filter((match) => match.departmentId !== departmentId);
      if (foreign.length > 0) {
        const list = foreign.map((match) => `«${match.name}»`).join(', ');
        // Every line of the list that names one of them, so a client marks those lines.
        const taken = new Set(foreign.map((match) => nameKey(match.name)));
        const lines = items.flatMap((item, index) => (taken.has(nameKey(item.name.trim())) ? [`[${index}].name`] : []));
        const error = new ConflictError(`Дисциплины уже закреплены за другой кафедрой: ${list}. Импорт не выполнен`);
        throw lines.length > 0 ? error.at(lines[0], ...lines.slice(1)) : error;
      }
      const matched = new Map(matches.map((match) => [match.position - 1, match.id]));
      const updates = plan.flatMap((subject, index) => {
        const id = matched.get(index);
        return id === undefined ? [] : [{ id, code: subject.code }];
      });
      await this.subjects.updateImported(updates);
      await this.subjects.insertImported(plan.filter((_subject, index) => !matched.has(index)), departmentId);
      return (await this.subjects.matchNames(names, false)).map(toSubjectResponse);
    });
  }

  async listComments(caller: AuthUser, subjectId: number): Promise<SubjectCommentResponse[]> {
    await this.ensureOwnSubject(caller, subjectId);
    return this.withAuthors(await this.comments.list(subjectId));
  }

  async addComment(caller: AuthUser, subjectId: number, request: SubjectCommentRequest): Promise<SubjectCommentResponse> {
    await this.ensureOwnSubject(caller, subjectId);
    const [comment] = await this.withAuthors([await this.comments.insert(subjectId, caller.userId, request.text)]);
    return comment;
  }

  /** The comments with their authors' names, asked of the users feature once for the whole list. */
  private async withAuthors(comments: StoredComment[]): Promise<SubjectCommentResponse[]> {
    const names = await this.users.names(comments.map((comment) => comment.authorId));
    return comments.map((comment) => ({ ...comment, authorName: names.get(comment.authorId) ?? '' }));
  }

  /** Own subjects only, archived ones included; another department's subject is "not found". */
  private async ensureOwnSubject(caller: AuthUser, subjectId: number): Promise<void> {
    const departmentId = ownDepartment(caller);
    const subject = await this.subjects.find(subjectId);
    if (!subject || subject.departmentId !== departmentId) throw new NotFoundError(SUBJECT_NOT_FOUND);
  }
}
