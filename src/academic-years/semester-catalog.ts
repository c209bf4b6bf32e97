import { Injectable } from '@nestjs/common';
import { SemesterListRow, SemestersRepository } from './semesters.repository';

/** A semester as other features show and check it: its period, type and its year's title. */
export type SemesterSummary = SemesterListRow;

/**
 * What other features may know of semesters (issue 42: through this index, never the `semesters`
 * or `academic_years` tables): the list people choose from, and one semester by id.
 */
@Injectable()
export class SemesterCatalog {
  constructor(private readonly semesters: SemestersRepository) {}

  /** Every semester of every year, newest first. */
  list(): Promise<SemesterSummary[]> {
    return this.semesters.listAll();
  }

  /** The semester, or undefined when there is none. */
  find(id: number): Promise<SemesterSummary | undefined> {
    return this.semesters.findWithYear(id);
  }
}
