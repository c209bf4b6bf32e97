import { Injectable } from '@nestjs/common';
import { RuleRequest, ScheduleRuleBatch } from '../../schedule';
import { BadRequestError } from '../../platform/http/app-error';
import { Column, headerOf, ImportRow, intCell, listCell, nameKey, RowRefusal } from '../columns';
import { ImportKind, ImportOptions, ImportUnit, KindRun, UnitOutcome } from '../import-kind';
import { GroupRow, ImportLookups, StoredRule, SubgroupRow } from '../lookups.repository';
import { validRequest } from '../row-validation';

// Issue 43: a teaching plan («нагрузка»: группа, дисциплина, вид занятия, преподаватель, часы) loads as a draft.
const UNPLACED_NOTE =
  'Пусто вместе с «День недели», «Пара» и «Аудитория» — занятие не размещено (только при импорте в черновик): так загружается план нагрузки, одна строка на занятие в неделю';

const COLUMNS: Column[] = [
  { field: 'rule', header: '№ правила', example: 1, note: 'Строки с одним номером — слоты одного правила; пусто — каждая строка отдельное правило' },
  { field: 'subjectName', header: 'Дисциплина', example: 'Математический анализ', required: true },
  { field: 'groups', header: 'Группы', example: 'ПИ-21', required: true, note: 'Названия через «;»; одноимённые группы — «ПИ-21 (2024)» с годом начала обучения' },
  { field: 'lectureAcademicHours', header: 'Часы лекций', example: 32 },
  { field: 'practiceAcademicHours', header: 'Часы практик', example: 0 },
  { field: 'laboratoryAcademicHours', header: 'Часы лабораторных', example: 0 },
  { field: 'lectureStartWeek', header: 'Неделя начала лекций', example: 1 },
  { field: 'practiceStartWeek', header: 'Неделя начала практик', example: '' },
  { field: 'laboratoryStartWeek', header: 'Неделя начала лабораторных', example: '' },
  { field: 'dayOfWeek', header: 'День недели', example: 'пн', note: `пн … вс или 1 … 7. ${UNPLACED_NOTE}` },
  { field: 'parity', header: 'Неделя', example: 'каждая', note: 'каждая, нечётная, чётная (или BOTH, ODD, EVEN); пусто — каждая' },
  { field: 'pair', header: 'Пара', example: 1, note: `Номер пары основной сетки. ${UNPLACED_NOTE}` },
  { field: 'lessonType', header: 'Вид занятия', example: 'Лекция', required: true, note: 'Лекция, Практика, Лабораторная работа' },
  { field: 'teacher', header: 'Преподаватель', example: 'ivanov', required: true, note: 'Логин преподавателя' },
  { field: 'classroom', header: 'Аудитория', example: 'А-101', note: UNPLACED_NOTE },
  { field: 'lessonFormat', header: 'Формат', example: 'Очно', note: 'Очно или Онлайн; пусто — очно' },
  { field: 'subgroups', header: 'Подгруппы', example: '', note: 'Только для лабораторных: названия подгрупп через «;»' },
];

/** The RuleRequest's properties (the slot's too) and the columns that fill them. */
const FIELD_COLUMNS: Record<string, string> = {
  subjectId: 'subjectName',
  groupIds: 'groups',
  slots: 'dayOfWeek',
  timeSlotId: 'pair',
  teacherId: 'teacher',
  classroomId: 'classroom',
  lessonTypeId: 'lessonType',
  subgroupIds: 'subgroups',
  subgroupId: 'subgroups',
};

const DAYS: Record<string, number> = {
  пн: 1, понедельник: 1, вт: 2, вторник: 2, ср: 3, среда: 3, чт: 4, четверг: 4, пт: 5, пятница: 5, сб: 6, суббота: 6, вс: 7, воскресенье: 7,
};
const PARITIES: Record<string, string> = {
  каждая: 'BOTH', 'каждую неделю': 'BOTH', все: 'BOTH', both: 'BOTH', нечетная: 'ODD', нечет: 'ODD', odd: 'ODD', четная: 'EVEN', чет: 'EVEN', even: 'EVEN',
};
const FORMATS: Record<string, string> = { очно: 'Очно', онлайн: 'Онлайн' };

const header = (field: string) => headerOf(COLUMNS, field);

const PLACE_FIELDS = ['dayOfWeek', 'pair', 'classroom'];
const PLACE_TOGETHER = 'День недели, пара и аудитория заполняются вместе: все три, или ни одной, если занятие черновика ещё не размещено';
const UNPLACED_OUTSIDE_DRAFT =
  'Пустые «День недели», «Пара» и «Аудитория» (неразмещённое занятие) допустимы только при импорте в черновик: укажите их или выберите версию-черновик';
const simple = (text: string) => text.trim().toLowerCase().replace(/ё/g, 'е');

/** The content of a rule as one comparable text: a rule imported again is found unchanged. */
export function ruleSignature(rule: StoredRule | RuleRequest): string {
  const slots = (rule.slots ?? []).map((slot) => {
    const subgroups = [...(('subgroupIds' in slot && slot.subgroupIds) || [])].sort((a, b) => a - b).join('+');
    return [slot.dayOfWeek, slot.parity, slot.timeSlotId, slot.teacherId, slot.classroomId, slot.lessonTypeId, slot.lessonFormat, subgroups].join(':');
  });
  return [
    rule.subjectId,
    rule.lectureAcademicHours,
    rule.laboratoryAcademicHours,
    rule.practiceAcademicHours,
    rule.lectureStartWeek ?? 1,
    rule.laboratoryStartWeek ?? 1,
    rule.practiceStartWeek ?? 1,
    [...(rule.groupIds ?? [])].sort((a, b) => a - b).join(','),
    slots.sort().join(','),
  ].join('|');
}

/**
 * Schedule rules into a chosen version, one row per slot (rows with one «№ правила» make one rule).
 * Into a draft, a row with empty day, pair and room is an unplaced slot (a teaching plan's row).
 * The rules feature's batch creates them: every check of 4.9 as POST makes it, including the 409 of a
 * clash with a stored rule, and each rule also against the earlier rows. A rule whose content is
 * already in the version is unchanged; rules have no other natural key, so the import never changes a
 * stored rule.
 */
@Injectable()
export class RulesKind implements ImportKind {
  readonly name = 'rules' as const;
  readonly columns = COLUMNS;
  readonly roles = ['ADMIN', 'EDUCATION_OFFICE'] as const;

  constructor(
    private readonly lookups: ImportLookups,
    private readonly rules: ScheduleRuleBatch,
  ) {}

  units(rows: readonly ImportRow[]): ImportUnit[] {
    const byRule = new Map<string, ImportUnit>();
    const units: ImportUnit[] = [];
    for (const row of rows) {
      const rule = row.values.rule ?? '';
      const existing = rule === '' ? undefined : byRule.get(rule);
      if (existing) existing.rows.push(row);
      else {
        const unit = { rows: [row] };
        units.push(unit);
        if (rule !== '') byRule.set(rule, unit);
      }
    }
    return units;
  }

  async start(options: ImportOptions): Promise<KindRun> {
    if (options.versionId === undefined) throw new BadRequestError('Для импорта правил укажите версию расписания: параметр versionId');
    const [version] = await this.lookups.version(options.versionId);
    if (!version) throw new BadRequestError('Версия расписания не найдена');
    // One after another: inside the import's transaction all queries share one connection.
    const subjects = await this.lookups.subjects();
    const groups = await this.lookups.groups();
    const subgroups = await this.lookups.subgroups();
    const users = await this.lookups.users();
    const classrooms = await this.lookups.classrooms();
    const slots = await this.lookups.baseSlots();
    const lessonTypes = await this.lookups.lessonTypes();
    const stored = await this.lookups.storedRules(version.id);
    const subjectByName = new Map(subjects.map((row) => [nameKey(row.name), row.id]));
    const groupsByName = new Map<string, GroupRow[]>();
    for (const group of groups) groupsByName.set(nameKey(group.name), [...(groupsByName.get(nameKey(group.name)) ?? []), group]);
    const subgroupsOf = new Map<number, SubgroupRow[]>();
    for (const subgroup of subgroups) subgroupsOf.set(subgroup.groupId, [...(subgroupsOf.get(subgroup.groupId) ?? []), subgroup]);
    const userByName = new Map(users.map((row) => [nameKey(row.username), row.id]));
    const roomByName = new Map(classrooms.map((row) => [nameKey(row.name), row.id]));
    const slotByOrder = new Map(slots.map((row) => [row.orderNumber, row.id]));
    const typeByName = new Map(lessonTypes.map((row) => [simple(row.name), row.id]));
    const signatures = new Set(stored.map(ruleSignature));

    const groupOf = (text: string): GroupRow => {
      const match = /^(.*?)\s*\((\d{4})\)$/.exec(text);
      const candidates = groupsByName.get(nameKey(match ? match[1] : text)) ?? [];
      const found = match ? candidates.filter((group) => group.yearStartStudy === Number(match[2])) : candidates;
      if (found.length === 0) throw new RowRefusal(header('groups'), `Группа «${text}» не найдена среди действующих групп`);
      if (found.length > 1) throw new RowRefusal(header('groups'), `Названия «${text}» у нескольких групп: укажите год начала обучения, например «${text} (${found[0].yearStartStudy})»`);
      return found[0];
    };
    const lookup = <T>(map: Map<T, number>, key: T, field: string, message: string): number => {
      const id = map.get(key);
      if (id === undefined) throw new RowRefusal(header(field), message);
      return id;
    };

    /** Day, pair and room of a row: all three, or none (a draft's unplaced lesson). */
    const placeOf = (row: ImportRow, prefix: string) => {
      const filled = PLACE_FIELDS.filter((field) => (row.values[field] ?? '') !== '');
      if (filled.length === 0) {
        if (version.status !== 'DRAFT') throw new RowRefusal(header('dayOfWeek'), `${prefix}${UNPLACED_OUTSIDE_DRAFT}`);
        return { dayOfWeek: null, timeSlotId: null, classroomId: null };
      }
      const empty = PLACE_FIELDS.find((field) => !filled.includes(field));
      if (empty) throw new RowRefusal(header(empty), `${prefix}${PLACE_TOGETHER}`);
      const dayText = simple(row.values.dayOfWeek ?? '');
      const day = DAYS[dayText] ?? (/^\d+$/.test(dayText) ? Number(dayText) : undefined);
      if (day === undefined) throw new RowRefusal(header('dayOfWeek'), `${prefix}День недели «${row.values.dayOfWeek}» не распознан: пн … вс или 1 … 7`);
      const pair = intCell(row, COLUMNS, 'pair');
      const timeSlotId = lookup(slotByOrder, pair ?? -1, 'pair', `${prefix}В основной сетке нет пары № ${row.values.pair}`);
      const classroomId = lookup(roomByName, nameKey(row.values.classroom ?? ''), 'classroom', `${prefix}Аудитория «${row.values.classroom}» не найдена`);
      return { dayOfWeek: day, timeSlotId, classroomId };
    };

    const slotOf = (row: ImportRow, prefix: string, ruleGroups: GroupRow[]) => {
      const place = placeOf(row, prefix);
      const parityText = simple(row.values.parity ?? '');
      const parity = parityText === '' ? 'BOTH' : PARITIES[parityText] ?? parityText.toUpperCase();
      const typeText = simple(row.values.lessonType ?? '');
      const lessonTypeId = typeByName.get(typeText) ?? (/^[123]$/.test(typeText) ? Number(typeText) : undefined);
      if (lessonTypeId === undefined) throw new RowRefusal(header('lessonType'), `${prefix}Вид занятия «${row.values.lessonType}» не распознан: Лекция, Практика или Лабораторная работа`);
      const teacherId = lookup(userByName, nameKey(row.values.teacher ?? ''), 'teacher', `${prefix}Преподаватель с логином «${row.values.teacher}» не найден`);
      const formatText = simple(row.values.lessonFormat ?? '');
      const lessonFormat = formatText === '' ? 'Очно' : FORMATS[formatText] ?? row.values.lessonFormat;
      const subgroupIds = listCell(row, 'subgroups').map((name) => {
        const found = ruleGroups.flatMap((group) => subgroupsOf.get(group.id) ?? []).filter((subgroup) => nameKey(subgroup.name) === nameKey(name));
        if (found.length !== 1) {
          throw new RowRefusal(header('subgroups'), `${prefix}Подгруппа «${name}» ${found.length === 0 ? 'не найдена в группах правила' : 'есть в нескольких группах правила'}`);
        }
        return found[0].id;
      });
      return { ...place, parity, lessonTypeId, teacherId, lessonFormat, subgroupIds: subgroupIds.length > 0 ? subgroupIds : undefined };
    };

    /** A unit's rule body, checked with the DTO of `POST /api/admin/schedule-rules`. */
    const requestOf = async (unit: ImportUnit): Promise<RuleRequest> => {
      const [first] = unit.rows;
      const subjectId = lookup(subjectByName, nameKey(first.values.subjectName ?? ''), 'subjectName', `Дисциплина «${first.values.subjectName}» не найдена`);
      const ruleGroups = listCell(first, 'groups').map(groupOf);
      const prefix = (row: ImportRow) => (unit.rows.length > 1 ? `Строка ${row.number}: ` : '');
      const hours = (field: string) => intCell(first, COLUMNS, field) ?? 0;
      return validRequest(
        RuleRequest,
        {
          scheduleVersionId: version.id,
          semesterId: version.semesterId,
          subjectId,
          lectureAcademicHours: hours('lectureAcademicHours'),
          practiceAcademicHours: hours('practiceAcademicHours'),
          laboratoryAcademicHours: hours('laboratoryAcademicHours'),
          lectureStartWeek: intCell(first, COLUMNS, 'lectureStartWeek'),
          practiceStartWeek: intCell(first, COLUMNS, 'practiceStartWeek'),
          laboratoryStartWeek: intCell(first, COLUMNS, 'laboratoryStartWeek'),
          groupIds: ruleGroups.map((group) => group.id),
          slots: unit.rows.map((row) => slotOf(row, prefix(row), ruleGroups)),
          effectiveFrom: options.effectiveFrom,
        },
        (property) => header(FIELD_COLUMNS[property] ?? property),
      );
    };

    return {
      key: (unit) => (unit.rows[0].values.rule ? `rule:${unit.rows[0].values.rule}` : `row:${unit.rows[0].number}`),
      // All rules of the file in one batch of the rules feature: each checked as POST would, and against the earlier ones.
      applyAll: async (units) => {
        const outcomes: (UnitOutcome | { refusal: unknown } | undefined)[] = [];
        const batch: { position: number; request: RuleRequest; unit: ImportUnit }[] = [];
        for (const unit of units) {
          try {
            const request = await requestOf(unit);
            const signature = ruleSignature(request);
            if (signatures.has(signature)) outcomes.push({ status: 'UNCHANGED' });
            else {
              batch.push({ position: outcomes.length, request, unit });
              outcomes.push(undefined);
            }
          } catch (error) {
            outcomes.push({ refusal: error });
          }
        }
        const results = await this.rules.create(
          options.caller,
          version.id,
          batch.map((item) => item.request),
          batch.map((item) => `строка ${item.unit.rows[0].number}`),
        );
        // A dry run is rolled back, so the number its rule got is not the one the real run creates: it says «Новое правило».
        results.forEach((result, index) => {
          outcomes[batch[index].position] = 'error' in result ? { refusal: result.error } : { status: 'CREATED', message: options.dryRun ? 'Новое правило' : `Правило № ${result.ruleId}` };
        });
        return outcomes.map((outcome) => outcome!);
      },
    };
  }
}
