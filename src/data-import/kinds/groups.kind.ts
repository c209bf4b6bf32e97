import { Injectable } from '@nestjs/common';
import { GroupRequest, GroupsService, SubgroupRequest, SubgroupsService } from '../../study-structure';
import { AuthUser } from '../../platform/auth/auth-user';
import { Column, headerOf, ImportRow, intCell, nameKey, RowRefusal } from '../columns';
import { ImportKind, ImportOptions, KindRun, UnitOutcome } from '../import-kind';
import { GroupRow, ImportLookups, SubgroupRow } from '../lookups.repository';
import { validRequest } from '../row-validation';

const COLUMNS: Column[] = [
  { field: 'name', header: 'Группа', example: 'ПИ-21', required: true },
  { field: 'yearStartStudy', header: 'Год начала обучения', example: 2024, required: true },
  { field: 'specialtyCode', header: 'Код специальности', example: '09.03.04', required: true },
  { field: 'specialtyProfileName', header: 'Профиль', example: 'Без профиля', note: 'Пусто — «Без профиля»' },
  { field: 'groupSize', header: 'Численность', example: 25, required: true },
  { field: 'educationFormName', header: 'Форма обучения', example: 'Очная', required: true },
  { field: 'departmentCode', header: 'Код кафедры', example: 101, required: true },
  { field: 'subgroups', header: 'Подгруппы', example: 'Подгруппа 1: 13; Подгруппа 2: 12', note: 'Название: вместимость, через «;»' },
];

const DEFAULT_PROFILE = 'Без профиля';

interface PlannedSubgroup {
  name: string;
  studentCapacity: number;
}

function parseSubgroups(row: ImportRow): PlannedSubgroup[] {
  const text = row.values.subgroups ?? '';
  if (text === '') return [];
  return text
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const match = /^(.+?)\s*[:=]\s*(\d+)$/.exec(part);
      if (!match) throw new RowRefusal(headerOf(COLUMNS, 'subgroups'), `Подгруппа «${part}» записана не так: ожидается «Название: вместимость», например «Подгруппа 1: 13»`);
      return { name: match[1].trim(), studentCapacity: Number(match[2]) };
    });
}

/**
 * Groups by name, start year and specialty (group names alone repeat), with their subgroups: a new
 * group is created, a known one gets the file's fields; subgroups are created or get the file's
 * capacity by name. Subgroups not in the file are kept (removal goes through the division mode).
 */
@Injectable()
export class GroupsKind implements ImportKind {
  readonly name = 'groups' as const;
  readonly columns = COLUMNS;
  readonly roles = ['ADMIN', 'EDUCATION_OFFICE'] as const;

  constructor(
    private readonly lookups: ImportLookups,
    private readonly groups: GroupsService,
    private readonly subgroups: SubgroupsService,
  ) {}

  async start(options: ImportOptions): Promise<KindRun> {
    // One after another: inside the import's transaction all queries share one connection.
    const departments = await this.lookups.departments();
    const specialties = await this.lookups.specialties();
    const profiles = await this.lookups.profiles();
    const forms = await this.lookups.educationForms();
    const groups = await this.lookups.groups();
    const subgroups = await this.lookups.subgroups();
    const departmentByCode = new Map(departments.map((row) => [row.code, row.id]));
    const specialtyByCode = new Map(specialties.map((row) => [nameKey(row.code), row.id]));
    const profileByName = new Map(profiles.map((row) => [`${row.specialtyId}:${nameKey(row.name)}`, row.id]));
    const formByName = new Map(forms.map((row) => [nameKey(row.name), row.id]));
    const groupByKey = new Map(groups.map((row) => [`${nameKey(row.name)}|${row.yearStartStudy}|${row.specialtyId}`, row]));
    const subgroupsOf = new Map<number, SubgroupRow[]>();
    for (const subgroup of subgroups) subgroupsOf.set(subgroup.groupId, [...(subgroupsOf.get(subgroup.groupId) ?? []), subgroup]);

    const refuse = (field: string, message: string) => new RowRefusal(headerOf(COLUMNS, field), message);
    return {
      key: (unit) => {
        const values = unit.rows[0].values;
        return `group:${nameKey(values.name ?? '')}|${values.yearStartStudy}|${nameKey(values.specialtyCode ?? '')}`;
      },
      apply: async (unit): Promise<UnitOutcome> => {
        const row = unit.rows[0];
        const specialtyId = specialtyByCode.get(nameKey(row.values.specialtyCode ?? ''));
        if (specialtyId === undefined) throw refuse('specialtyCode', `Специальность с кодом «${row.values.specialtyCode}» не найдена`);
        const profileName = row.values.specialtyProfileName || DEFAULT_PROFILE;
        const profileId = profileByName.get(`${specialtyId}:${nameKey(profileName)}`);
        if (profileId === undefined) throw refuse('specialtyProfileName', `У специальности «${row.values.specialtyCode}» нет профиля «${profileName}»`);
        const formId = formByName.get(nameKey(row.values.educationFormName ?? ''));
        if (formId === undefined) throw refuse('educationFormName', `Форма обучения «${row.values.educationFormName}» не найдена`);
        const code = intCell(row, COLUMNS, 'departmentCode');
        const departmentId = code === undefined ? undefined : departmentByCode.get(code);
        if (departmentId === undefined) throw refuse('departmentCode', `Кафедра с кодом «${row.values.departmentCode}» не найдена`);
        const fieldColumn: Record<string, string> = {
          educationFormId: 'educationFormName',
          departmentId: 'departmentCode',
          specialtyId: 'specialtyCode',
          specialtyProfileId: 'specialtyProfileName',
        };
        const request = await validRequest(
          GroupRequest,
          {
            name: row.values.name,
            groupSize: intCell(row, COLUMNS, 'groupSize'),
            yearStartStudy: intCell(row, COLUMNS, 'yearStartStudy'),
            educationFormId: formId,
            departmentId,
            specialtyId,
            specialtyProfileId: profileId,
          },
          (property) => headerOf(COLUMNS, fieldColumn[property] ?? property),
        );
        const planned = parseSubgroups(row);
        for (const subgroup of planned) await validRequest(SubgroupRequest, { ...subgroup }, () => headerOf(COLUMNS, 'subgroups'));

        const stored = groupByKey.get(`${nameKey(request.name)}|${request.yearStartStudy}|${specialtyId}`);
        if (!stored) {
          const created = await this.groups.create(request);
          for (const subgroup of planned) await this.subgroups.create(options.caller, created.id, subgroup);
          return { status: 'CREATED' };
        }
        const changed = await this.update(options.caller, stored, request, planned, subgroupsOf.get(stored.id) ?? []);
        return { status: changed ? 'UPDATED' : 'UNCHANGED' };
      },
    };
  }

  /**
   * Shrinking subgroups first, then the group, then growing and new subgroups: the capacity invariant
   * (subgroups fit in the group) holds after every step, as the services check.
   */
  private async update(caller: AuthUser, stored: GroupRow, request: GroupRequest, planned: PlannedSubgroup[], current: SubgroupRow[]): Promise<boolean> {
    const byName = new Map(current.map((subgroup) => [nameKey(subgroup.name), subgroup]));
    const changes = planned.map((subgroup) => ({ planned: subgroup, stored: byName.get(nameKey(subgroup.name)) }));
    const shrinking = changes.filter((change) => change.stored && change.planned.studentCapacity < change.stored.studentCapacity);
    const growing = changes.filter((change) => !change.stored || change.planned.studentCapacity > change.stored.studentCapacity);
    const groupChanged =
      stored.name !== request.name ||
      stored.groupSize !== request.groupSize ||
      stored.educationFormId !== request.educationFormId ||
      stored.departmentId !== request.departmentId ||
      stored.specialtyProfileId !== request.specialtyProfileId;

    for (const change of shrinking) await this.subgroups.update(caller, stored.id, change.stored!.id, subgroupRequest(change.planned));
    if (groupChanged) await this.groups.update(stored.id, request);
    for (const change of growing) {
      if (change.stored) await this.subgroups.update(caller, stored.id, change.stored.id, subgroupRequest(change.planned));
      else await this.subgroups.create(caller, stored.id, subgroupRequest(change.planned));
    }
    return groupChanged || shrinking.length > 0 || growing.length > 0;
  }
}

function subgroupRequest(subgroup: PlannedSubgroup): SubgroupRequest {
  return Object.assign(new SubgroupRequest(), subgroup);
}
