import { groupActivityOn } from '../../../schedule-engine/group-activity';
import { CalendarSnapshot, SemesterContextFactory } from '../../../schedule-engine/series-context';
import { expandRule, GeneratedLesson } from '../../data/lesson-generator';
import { LoadedRule, LoadedSemester } from '../../data/schedule-data.types';

function addTo(index: Map<number, LoadedRule[]>, key: number, rule: LoadedRule): void {
  const list = index.get(key);
  if (!list) index.set(key, [rule]);
  else if (list[list.length - 1] !== rule) list.push(rule);
}

/**
 * What generation needs for one semester's published version, immutable for one data stamp: the active
 * rules indexed by group, teacher and classroom, the semester's grids and calendars (inside the
 * context factory), and each rule's base series, generated on first use by the shared generator.
 */
export class SemesterSnapshot {
  readonly rulesByGroup = new Map<number, LoadedRule[]>();
  readonly rulesByTeacher = new Map<number, LoadedRule[]>();
  readonly rulesByClassroom = new Map<number, LoadedRule[]>();
  private readonly series = new Map<number, GeneratedLesson[]>();
  private readonly activities = new Map<string, number | undefined>();

  constructor(
    readonly semester: LoadedSemester,
    /** Active rules of the published version, by id. */
    readonly rules: readonly LoadedRule[],
    private readonly context: SemesterContextFactory,
    private readonly calendars: CalendarSnapshot,
  ) {
    for (const rule of rules) {
      for (const groupId of rule.groupIds) addTo(this.rulesByGroup, groupId, rule);
      for (const slot of rule.slots) {
        addTo(this.rulesByTeacher, slot.teacherId, rule);
        addTo(this.rulesByClassroom, slot.classroomId, rule);
      }
    }
  }

  /** The rule's whole base series (every date of the semester); computed once per snapshot. */
  lessonsOf(rule: LoadedRule): GeneratedLesson[] {
    let lessons = this.series.get(rule.id);
    if (!lessons) {
      lessons = expandRule(rule, this.context);
      this.series.set(rule.id, lessons);
    }
    return lessons;
  }

  /** The calendar activity of a group on a date (undefined: no calendar or an empty cell). */
  activityTypeIdOn(groupId: number, date: string): number | undefined {
    const key = `${groupId}:${date}`;
    if (this.activities.has(key)) return this.activities.get(key);
    const activity = groupActivityOn(this.semester, this.calendars, groupId, date);
    this.activities.set(key, activity);
    return activity;
  }
}
