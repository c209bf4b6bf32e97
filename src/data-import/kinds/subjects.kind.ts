import { Injectable } from '@nestjs/common';
import { DepartmentSubjectsService, SubjectImportItem } from '../../resources';
import { ownDepartment } from '../../platform/auth/department-scope';
import { Column, headerOf, intCell, nameKey, RowRefusal } from '../columns';
import { ImportKind, ImportOptions, KindRun, UnitOutcome } from '../import-kind';
import { ImportLookups } from '../lookups.repository';
import { validRequest } from '../row-validation';

const COLUMNS: Column[] = [
  { field: 'name', header: 'Дисциплина', example: 'Математический анализ', required: true },
  { field: 'code', header: 'Код дисциплины', example: 'Б1.О.05' },
  { field: 'departmentCode', header: 'Код кафедры', example: 101, note: 'Для роли «Кафедра» не указывается — всегда своя' },
];

/**
 * Subjects by name within their department, by the import rules of 4.17 (the department workspace's
 * own import does the writing): names compared case-insensitively, an own subject gets the new code
 * and is restored if archived, a name owned by another department is refused with its 409 reason.
 */
@Injectable()
export class SubjectsKind implements ImportKind {
  readonly name = 'subjects' as const;
  readonly columns = COLUMNS;
  readonly roles = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT'] as const;

  constructor(
    private readonly lookups: ImportLookups,
    private readonly subjects: DepartmentSubjectsService,
  ) {}

  async start(options: ImportOptions): Promise<KindRun> {
    // One after another: inside the import's transaction all queries share one connection.
    const subjects = await this.lookups.subjects();
    const departments = await this.lookups.departments();
    const subjectByName = new Map(subjects.map((subject) => [nameKey(subject.name), subject]));
    const departmentByCode = new Map(departments.map((department) => [department.code, department]));
    const own = options.caller.role === 'DEPARTMENT' ? ownDepartment(options.caller) : undefined;

    return {
      key: (unit) => `subject:${nameKey(unit.rows[0].values.name ?? '')}`,
      apply: async (unit): Promise<UnitOutcome> => {
        const row = unit.rows[0];
        const code = intCell(row, COLUMNS, 'departmentCode');
        let departmentId = own;
        if (departmentId === undefined) {
          if (code === undefined) throw new RowRefusal(headerOf(COLUMNS, 'departmentCode'), 'Укажите код кафедры, которой принадлежит дисциплина');
          departmentId = departmentByCode.get(code)?.id;
          if (departmentId === undefined) throw new RowRefusal(headerOf(COLUMNS, 'departmentCode'), `Кафедра с кодом ${code} не найдена`);
        } else if (code !== undefined && departmentByCode.get(code)?.id !== own) {
          throw new RowRefusal(headerOf(COLUMNS, 'departmentCode'), 'Кафедра импортирует только свои дисциплины');
        }
        const item = await validRequest(SubjectImportItem, { name: row.values.name, code: row.values.code || null }, (property) => headerOf(COLUMNS, property));
        const stored = subjectByName.get(nameKey(item.name));
        const subjectCode = item.code?.trim() || null;
        if (stored && stored.departmentId === departmentId && !stored.archived && stored.code === subjectCode) {
          return { status: 'UNCHANGED' };
        }
        await this.subjects.importInto(departmentId, [item]);
        if (!stored) return { status: 'CREATED' };
        return { status: 'UPDATED', message: stored.archived ? 'Дисциплина восстановлена из архива' : undefined };
      },
    };
  }
}
