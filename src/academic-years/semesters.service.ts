import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { TenantDb } from '../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/http/app-error';
import { toSemester, toSemesterListItem } from './academic-year.mapper';
import { AcademicYearRow, AcademicYearsRepository } from './academic-years.repository';
import { YEAR_NOT_FOUND } from './academic-years.service';
import { SemesterListItem, SemesterRequest, SemesterResponse } from './dto/academic-year.dto';
import { SemesterPeriod, semesterConflict, semesterConflictField, semesterDateField, semesterDateProblem } from './periods';
import { SemesterRow, SemestersRepository } from './semesters.repository';
import { SemesterVersions } from '../schedule/core';

export const SEMESTER_NOT_FOUND = 'Семестр не найден';

/**
 * Semesters of a year. Every change locks the year row first, so two parallel changes of one year's
 * semesters are checked one after the other and cannot both pass.
 */
@Injectable()
export class SemestersService {
  constructor(
    private readonly db: TenantDb,
    private readonly years: AcademicYearsRepository,
    private readonly semesters: SemestersRepository,
    private readonly versions: SemesterVersions,
  ) {}

  /** Every semester of every year, newest first (the schedule's semester picker). */
  async listAll(): Promise<SemesterListItem[]> {
    return (await this.semesters.listAll()).map(toSemesterListItem);
  }

  async listOfYear(yearId: number): Promise<SemesterResponse[]> {
    if (!(await this.years.findById(yearId))) throw new NotFoundError(YEAR_NOT_FOUND);
    return (await this.semesters.ofYear(yearId)).map(toSemester);
  }

  /** Adds a semester with its published version 1, authored by the caller. */
  async create(caller: AuthUser, yearId: number, request: SemesterRequest): Promise<SemesterResponse> {
    const semester = periodOf(request);
    return this.db.transaction(async () => {
      const year = await this.years.lockForChange(yearId);
      if (!year) throw new NotFoundError(YEAR_NOT_FOUND);
      ensureFits(semester, year, await this.semesters.lockOfYear(yearId));
      const row = await this.semesters.insert(yearId, semester);
      await this.versions.createFirst(row.id, caller.userId);
      return toSemester(row);
    });
  }

  /** Changes type and dates under the same rules, checked against the year's other semesters. */
  async update(id: number, request: SemesterRequest): Promise<SemesterResponse> {
    const found = await this.semesters.findById(id);
    if (!found) throw new NotFoundError(SEMESTER_NOT_FOUND);
    const semester = periodOf(request);
    return this.db.transaction(async () => {
      const year = await this.years.lockForChange(found.academicYearId);
      const siblings = await this.semesters.lockOfYear(found.academicYearId);
      // Deleted together with its year between the lookup and the lock.
      if (!year || !siblings.some((row) => row.id === id)) throw new NotFoundError(SEMESTER_NOT_FOUND);
      ensureFits(semester, year, siblings.filter((row) => row.id !== id));
      return toSemester(await this.semesters.update(id, semester.semesterType, semester.startDate, semester.endDate));
    });
  }
}

function periodOf(request: SemesterRequest): SemesterPeriod {
  return { semesterType: request.semesterType, startDate: request.startDate, endDate: request.endDate };
}

/** 400 for date order or bounds first, then 409 for a taken type or an overlap. */
function ensureFits(semester: SemesterPeriod, year: AcademicYearRow, others: readonly SemesterRow[]): void {
  const problem = semesterDateProblem(semester, year);
  if (problem) throw new BadRequestError(problem).at(semesterDateField(semester));
  const conflict = semesterConflict(semester, others, year);
  if (conflict) throw new ConflictError(conflict).at(semesterConflictField(semester, others));
}
