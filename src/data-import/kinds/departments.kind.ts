import { Injectable } from '@nestjs/common';
import { DepartmentRequest, DepartmentsService } from '../../departments';
import { Column, headerOf, intCell } from '../columns';
import { ImportKind, ImportUnit, KindRun, UnitOutcome } from '../import-kind';
import { ImportLookups } from '../lookups.repository';
import { validRequest } from '../row-validation';

const COLUMNS: Column[] = [
  { field: 'departmentCode', header: 'Код кафедры', example: 101, required: true },
  { field: 'departmentName', header: 'Название кафедры', example: 'Кафедра прикладной математики', required: true },
];

/** Departments by their code: a new code is created, a known one gets the file's name. */
@Injectable()
export class DepartmentsKind implements ImportKind {
  readonly name = 'departments' as const;
  readonly columns = COLUMNS;
  readonly roles = ['ADMIN'] as const;

  constructor(
    private readonly lookups: ImportLookups,
    private readonly departments: DepartmentsService,
  ) {}

  async start(): Promise<KindRun> {
    const byCode = new Map((await this.lookups.departments()).map((row) => [row.code, row]));
    return {
      key: (unit) => `code:${unit.rows[0].values.departmentCode}`,
      apply: async (unit: ImportUnit): Promise<UnitOutcome> => {
        const row = unit.rows[0];
        const request = await validRequest(
          DepartmentRequest,
          { departmentCode: intCell(row, COLUMNS, 'departmentCode'), departmentName: row.values.departmentName },
          (property) => headerOf(COLUMNS, property),
        );
        const stored = byCode.get(request.departmentCode);
        if (!stored) {
          await this.departments.create(request);
          return { status: 'CREATED' };
        }
        if (stored.name === request.departmentName) return { status: 'UNCHANGED' };
        await this.departments.update(stored.id, request);
        return { status: 'UPDATED', message: `Название было «${stored.name}»` };
      },
    };
  }
}
