import { Injectable } from '@nestjs/common';
import { CalendarYears } from '../academic-calendars';
import { AuthUser } from '../platform/auth/auth-user';
import { TenantDb } from '../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/http/app-error';
import { byStartDate, toYear } from './academic-year.mapper';
import { AcademicYearsRepository } from './academic-years.repository';
import { AcademicYearCreateRequest, AcademicYearResponse, AcademicYearUpdateRequest } from './dto/academic-year.dto';
import { semesterConflictField, semesterDateField, semesterDateProblem, semesterListConflict, yearConflict, yearFromStart, YearPeriod, yearStartProblem } from './periods';
import { SemestersRepository } from './semesters.repository';
import { SemesterVersions } from '../schedule/core';
import { usagesOf } from '../platform/database/usages';
import { academicYearUsages } from './usages';

export const YEAR_NOT_FOUND = 'Учебный год не найден';

/**
 * Academic years. Checks run in the order the API promises: the body's shape (the pipe), then date
 * order and bounds (400), then duplicates and overlaps (409). Every change is one transaction, so a
 * refused request leaves nothing behind; the exclusion constraints catch what races past the checks.
 */
@Injectable()
export class AcademicYearsService {
  constructor(
    private readonly db: TenantDb,
    private readonly years: AcademicYearsRepository,
    private readonly semesters: SemestersRepository,
    private readonly versions: SemesterVersions,
    private readonly calendars: CalendarYears,
  ) {}

  async list(): Promise<AcademicYearResponse[]> {
    return (await this.years.listWithSemesters()).map((year) => toYear(year, year.semesters));
  }

  /** Creates the year and its semesters, each with its published version 1 authored by the caller. */
  async create(caller: AuthUser, request: AcademicYearCreateRequest): Promise<AcademicYearResponse> {
    const year = this.periodFromStart(request.startDate);
    const semesters = request.semesters.map(({ semesterType, startDate, endDate }) => ({ semesterType, startDate, endDate }));
    semesters.forEach((semester, index) => {
      const problem = semesterDateProblem(semester, year);
      if (problem) throw new BadRequestError(problem).at(`semesters[${index}].${semesterDateField(semester)}`);
    });
    const clash = semesterListConflict(semesters, year);
    if (clash) {
      const semester = semesters[clash.index];
      throw new ConflictError(clash.message).at(`semesters[${clash.index}].${semesterConflictField(semester, semesters.slice(0, clash.index))}`);
    }

    return this.db.transaction(async () => {
      await this.ensureNoYearConflict(year);
      const created = await this.years.insert(year);
      const rows = [];
      for (const semester of byStartDate(semesters)) {
        const row = await this.semesters.insert(created.id, semester);
        await this.versions.createFirst(row.id, caller.userId);
        rows.push(row);
      }
      return toYear(created, rows);
    });
  }

  /** Moves the start (and with it title and end) while every existing semester stays inside. */
  async update(id: number, request: AcademicYearUpdateRequest): Promise<AcademicYearResponse> {
    const year = this.periodFromStart(request.startDate);
    return this.db.transaction(async () => {
      const current = await this.years.lockForChange(id);
      if (!current) throw new NotFoundError(YEAR_NOT_FOUND);
      const semesters = await this.semesters.lockOfYear(id);
      for (const semester of semesters) {
        // A stored semester left outside the moved year: the new start is what the user changes.
        const problem = semesterDateProblem(semester, year);
        if (problem) throw new BadRequestError(problem).at('startDate');
      }
      if (await this.calendars.hasDaysOutside(id, year.startDate, year.endDate)) {
        throw new ConflictError(`Учебный год ${current.title} нельзя изменить: дни учебных календарей этого года выйдут за новые границы`).at('startDate');
      }
      await this.ensureNoYearConflict(year, id);
      return toYear(await this.years.updatePeriod(id, year), semesters);
    });
  }

  /**
   * Deletes an unused year with its semesters and their empty versions 1, answering what was deleted.
   * The year and its semesters are locked, so nothing starts referring to them meanwhile.
   */
  async remove(id: number): Promise<AcademicYearResponse> {
    return this.db.transaction(async () => {
      const year = await this.years.lockForChange(id);
      if (!year) throw new NotFoundError(YEAR_NOT_FOUND);
      const semesters = await this.semesters.lockOfYear(id);
      const usages = await usagesOf(this.db, academicYearUsages(), id);
      if (usages) throw new ConflictError(`Учебный год ${year.title} нельзя удалить: его ${usages}`);
      await this.versions.deleteOf(semesters.map((semester) => semester.id));
      await this.years.deleteWithSemesters(id);
      return toYear(year, semesters);
    });
  }

  private periodFromStart(startDate: string): YearPeriod {
    const problem = yearStartProblem(startDate);
    if (problem) throw new BadRequestError(problem).at('startDate');
    return yearFromStart(startDate);
  }

  private async ensureNoYearConflict(year: YearPeriod, exceptId = 0): Promise<void> {
    const conflict = yearConflict(year, await this.years.conflicting(year, exceptId));
    if (conflict) throw new ConflictError(conflict).at('startDate');
  }
}
