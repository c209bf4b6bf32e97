import { Injectable } from '@nestjs/common';
import { TeacherSubjectCreateRequest, TeacherSubjectsService } from '../../resources';
import { Column, headerOf, nameKey, RowRefusal } from '../columns';
import { ImportKind, ImportOptions, KindRun, UnitOutcome } from '../import-kind';
import { ImportLookups } from '../lookups.repository';
import { validRequest } from '../row-validation';

const COLUMNS: Column[] = [
  { field: 'username', header: 'Логин преподавателя', example: 'ivanov', required: true },
  { field: 'subjectName', header: 'Дисциплина', example: 'Математический анализ', required: true },
];

/** Teacher-subject links by teacher login and subject name: a missing link is created, an existing one is unchanged. */
@Injectable()
export class TeacherSubjectsKind implements ImportKind {
  readonly name = 'teacher-subjects' as const;
  readonly columns = COLUMNS;
  readonly roles = ['ADMIN', 'EDUCATION_OFFICE'] as const;

  constructor(
    private readonly lookups: ImportLookups,
    private readonly links: TeacherSubjectsService,
  ) {}

  async start(options: ImportOptions): Promise<KindRun> {
    // One after another: inside the import's transaction all queries share one connection.
    const users = await this.lookups.users();
    const subjects = await this.lookups.subjects();
    const links = await this.lookups.teacherSubjectLinks();
    const userByName = new Map(users.map((user) => [nameKey(user.username), user.id]));
    const subjectByName = new Map(subjects.map((subject) => [nameKey(subject.name), subject.id]));
    return {
      key: (unit) => `link:${nameKey(unit.rows[0].values.username ?? '')}|${nameKey(unit.rows[0].values.subjectName ?? '')}`,
      apply: async (unit): Promise<UnitOutcome> => {
        const row = unit.rows[0];
        const userId = userByName.get(nameKey(row.values.username ?? ''));
        if (userId === undefined) throw new RowRefusal(headerOf(COLUMNS, 'username'), `Пользователь с логином «${row.values.username}» не найден`);
        const subjectId = subjectByName.get(nameKey(row.values.subjectName ?? ''));
        if (subjectId === undefined) throw new RowRefusal(headerOf(COLUMNS, 'subjectName'), `Дисциплина «${row.values.subjectName}» не найдена`);
        if (links.has(`${userId}:${subjectId}`)) return { status: 'UNCHANGED' };
        const request = await validRequest(TeacherSubjectCreateRequest, { userId, subjectId }, () => null);
        await this.links.create(options.caller, request);
        return { status: 'CREATED' };
      },
    };
  }
}
