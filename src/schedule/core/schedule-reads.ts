import { Injectable } from '@nestjs/common';
import { LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { GridSnapshot } from '../../schedule-engine/series-context';
import { LessonSlot, NameBook, RuleFilter, ScheduleDataRepository } from './schedule-data.repository';

/**
 * The schedule's read port for other areas (absences, change requests, workload, calendar feeds,
 * notifications): semesters, rules, a lesson's slot, grids and names, each one batched query. Other
 * areas use this, never the core's repository or its SQL (one owner per table).
 */
@Injectable()
export class ScheduleReads {
  constructor(private readonly data: ScheduleDataRepository) {}

  semester(id: number): Promise<LoadedSemester | undefined> {
    return this.data.semester(id);
  }

  semestersOverlapping(startDate: string, endDate: string): Promise<LoadedSemester[]> {
    return this.data.semestersOverlapping(startDate, endDate);
  }

  /** Rules with their groups and slots. */
  rules(filter: RuleFilter): Promise<LoadedRule[]> {
    return this.data.rules(filter);
  }

  /** The rule slot with its rule, version and semester. */
  lessonSlot(slotId: number): Promise<LessonSlot | undefined> {
    return this.data.lessonSlot(slotId);
  }

  /** The time grids in force between the dates. */
  grids(startDate: string, endDate: string): Promise<GridSnapshot> {
    return this.data.grids(startDate, endDate);
  }

  names(ids: { teacherIds: number[]; classroomIds: number[]; groupIds: number[]; subgroupIds: number[] }): Promise<NameBook> {
    return this.data.names(ids);
  }
}
