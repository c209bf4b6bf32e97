import { AcademicYearRow } from './academic-years.repository';
import { AcademicYearResponse, SemesterListItem, SemesterResponse } from './dto/academic-year.dto';
import { SemesterListRow, SemesterRow } from './semesters.repository';

export function toSemester(row: SemesterRow): SemesterResponse {
  return { id: row.id, academicYearId: row.academicYearId, semesterType: row.semesterType, startDate: row.startDate, endDate: row.endDate };
}

export function toYear(row: AcademicYearRow, semesters: readonly SemesterRow[]): AcademicYearResponse {
  return { id: row.id, title: row.title, startDate: row.startDate, endDate: row.endDate, semesters: semesters.map(toSemester) };
}

export function toSemesterListItem(row: SemesterListRow): SemesterListItem {
  return { ...toSemester(row), academicYearTitle: row.academicYearTitle };
}

/** Semesters in the order responses list them: by start date. */
export function byStartDate<T extends { startDate: string }>(semesters: readonly T[]): T[] {
  return [...semesters].sort((a, b) => a.startDate.localeCompare(b.startDate));
}
