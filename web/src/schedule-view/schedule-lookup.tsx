// Any group's, teacher's or classroom's week through /api/schedule/search: the office's schedule view,
// and (limited to its own groups and teachers) the department's. The office's view may narrow the week
// by the search's optional filters.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, data } from '../api/client';
import { findClassrooms, findGroups, findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { remember, remembered, type Chosen } from '../shared/storage';
import { SubscribePanel } from '../shared/subscribe';
import type { DownloadTarget } from '../shared/schedule-downloads';
import type { ChangesOf } from '../shared/lesson-changes';
import { WeekView, type WeekViewProps } from '../shared/week-view';
import { filterQuery, SearchFilterFields, type SearchFilters } from './search-filters';

export type Kind = 'group' | 'teacher' | 'classroom';

interface KindDefinition {
  name: string;
  of: string;
  feed: 'GROUP' | 'TEACHER' | 'CLASSROOM';
  param: 'groupId' | 'teacherId' | 'classroomId';
  placeholder: string;
  search: (query: string, departmentId?: number) => Promise<Choice[]>;
}

const KINDS: Record<Kind, KindDefinition> = {
  group: { name: 'Группа', of: 'группы', feed: 'GROUP', param: 'groupId', search: findGroups, placeholder: 'Название группы' },
  teacher: { name: 'Преподаватель', of: 'преподавателя', feed: 'TEACHER', param: 'teacherId', search: findTeachers, placeholder: 'ФИО, логин или должность' },
  classroom: { name: 'Аудитория', of: 'аудитории', feed: 'CLASSROOM', param: 'classroomId', search: findClassrooms, placeholder: 'Номер или корпус' },
};

type Selection = Chosen & { kind: Kind };

/** A group's or a teacher's week shows its one-off changes in place (a room's week has none of its own). */
function changesOf(selection: Selection | undefined): ChangesOf | null {
  if (selection?.kind === 'group') return { groupId: selection.id };
  if (selection?.kind === 'teacher') return { teacherId: selection.id };
  return null;
}

/** The office may see why a group's week is empty: no calendar assigned for the academic year. */
async function calendarHint(selection: Selection, academicYearId: number, yearTitle: string): Promise<string> {
  if (selection.kind !== 'group') return '';
  try {
    const assignments = await data(api.GET('/api/groups/{id}/calendar-assignments', { params: { path: { id: selection.id } } }));
    if (!assignments.some((item) => item.academicYearId === academicYearId)) {
      return `Группе не назначен учебный календарь на ${yearTitle} учебный год: занятия не показываются.`;
    }
  } catch {
    // the hint is optional (a department may not read another department's groups)
  }
  return '';
}

export function ScheduleLookup({
  title,
  storageKey,
  kinds,
  departmentId,
  actions,
  refresh,
  nested,
  moreDownloads,
  extraControls,
  filters: withFilters,
}: {
  title: string;
  /** Where this browser remembers the last choice. */
  storageKey: string;
  kinds: Kind[];
  /** Searches only this department's groups and teachers. */
  departmentId?: number;
  /** Buttons under each lesson (the office's «Изменить занятие»). */
  actions?: WeekViewProps['actions'];
  /** Changes when the week must be asked again (after a change was saved). */
  refresh?: number;
  /** Part of a section with its own heading: the title is a second-level heading. */
  nested?: boolean;
  /** Downloads offered besides the chosen target's (the department's whole timetable). */
  moreDownloads?: DownloadTarget[];
  /** More controls beside the picker (the office's department for downloads). */
  extraControls?: ComponentChildren;
  /** Offer the search's optional filters (department, subject, lesson type, pair, parity). */
  filters?: boolean;
}) {
  const [filters, setFilters] = useState<SearchFilters>({});
  const chosenFilters = filterQuery(filters);
  const [selection, setSelection] = useState(() => {
    const saved = remembered<Selection>(storageKey);
    return saved && kinds.includes(saved.kind) ? saved : undefined;
  });
  const [kind, setKind] = useState<Kind>(selection?.kind ?? kinds[0]);
  const definition = KINDS[kind];
  const downloads: DownloadTarget[] = [
    ...(selection ? [{ label: `${KINDS[selection.kind].name.toLowerCase()} ${selection.label}`, params: { [KINDS[selection.kind].param]: selection.id } as DownloadTarget['params'] }] : []),
    ...(moreDownloads ?? []),
  ];
  const heading = selection ? `Расписание ${KINDS[selection.kind].of}: ${selection.label}` : title;
  return (
    <>
      {nested ? <h2>{heading}</h2> : <h1 id="page-title">{heading}</h1>}
      <div class="controls">
        <fieldset class="kinds">
          <legend>Чьё расписание</legend>
          {kinds.map((value) => (
            <label class="kind" key={value}>
              <input type="radio" name="kind" value={value} id={`kind-${value}`} checked={value === kind} onChange={() => setKind(value)} /> {KINDS[value].name}
            </label>
          ))}
        </fieldset>
        <div class="picker-place">
          <Picker
            key={kind}
            label={definition.name}
            placeholder={definition.placeholder}
            search={(query) => definition.search(query, departmentId)}
            // A department's own groups and teachers are few: listed as soon as the field is entered.
            listOnOpen={departmentId !== undefined && kind !== 'classroom'}
            chosen={selection?.kind === kind ? selection : undefined}
            onPick={(item) => {
              const chosen = { kind, id: item.id, label: item.label };
              remember(storageKey, chosen);
              setSelection(chosen);
            }}
          />
        </div>
        {extraControls}
      </div>
      {withFilters ? <SearchFilterFields value={filters} onChange={setFilters} /> : null}
      <SubscribePanel target={selection ? { kind: KINDS[selection.kind].feed, targetId: selection.id } : null} />
      <WeekView
        loadKey={selection ? `${selection.kind}:${selection.id}:${refresh ?? 0}:${JSON.stringify(chosenFilters)}` : ''}
        actions={actions}
        downloads={downloads}
        // A group's or a teacher's whole week shows its changes; a filtered search shows only what it found.
        changesOf={Object.keys(chosenFilters).length === 0 ? changesOf(selection) : null}
        load={(startDate, endDate) =>
          selection
            ? data(api.GET('/api/schedule/search', { params: { query: { [KINDS[selection.kind].param]: selection.id, ...chosenFilters, startDate, endDate } } }))
            : Promise.resolve(null)
        }
        placeholder={`Выберите: ${kinds.map((value) => KINDS[value].name.toLowerCase()).join(', ')}.`}
        emptyHint={({ semester }) => (selection ? calendarHint(selection, semester.academicYearId, semester.academicYearTitle) : '')}
      />
    </>
  );
}
