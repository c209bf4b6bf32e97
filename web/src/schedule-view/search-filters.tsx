// The optional filters of the schedule search (spec 4.5): a department, a subject, a lesson type, a
// pair of the base grid and the week's parity narrow the chosen group's, teacher's or classroom's
// week. Each is a plain select whose first choice («любая») leaves the filter out.
import { api, data } from '../api/client';
import { formatTime } from '../shared/dates';
import { Field } from '../shared/form';
import { useLoad } from '../shared/ui';

export interface SearchFilters {
  departmentId?: number;
  subjectId?: number;
  lessonTypeId?: number;
  timeSlotId?: number;
  parity?: 'ODD' | 'EVEN';
}

interface Option {
  value: string;
  label: string;
}

/** Every list the filters choose from, read once when the screen opens. */
async function loadOptions(): Promise<Record<'departmentId' | 'subjectId' | 'lessonTypeId' | 'timeSlotId', Option[]>> {
  const [departments, subjects, types, slots] = await Promise.all([
    data(api.GET('/api/departments')),
    data(api.GET('/api/subjects')),
    data(api.GET('/api/lesson-types')),
    data(api.GET('/api/admin/time-slots')),
  ]);
  return {
    departmentId: departments.map((item) => ({ value: String(item.id), label: item.departmentName })),
    subjectId: subjects.map((item) => ({ value: String(item.id), label: item.code ? `${item.name} (${item.code})` : item.name })),
    lessonTypeId: types.map((item) => ({ value: String(item.id), label: item.name })),
    // The search filters by the rule's pair, which is a pair of the base grid.
    timeSlotId: slots
      .filter((slot) => slot.scopeApplyMode === 'DEFAULT')
      .sort((a, b) => a.orderNumber - b.orderNumber)
      .map((slot) => ({ value: String(slot.id), label: `${slot.orderNumber}-я, ${formatTime(slot.startTime)}–${formatTime(slot.endTime)}` })),
  };
}

const PARITIES: Option[] = [
  { value: 'ODD', label: 'Нечётная' },
  { value: 'EVEN', label: 'Чётная' },
];

export function SearchFilterFields({ value, onChange }: { value: SearchFilters; onChange: (filters: SearchFilters) => void }) {
  const options = useLoad(loadOptions, []);
  const lists = options.state === 'done' ? options.data : undefined;
  const select = (name: keyof SearchFilters, label: string, choices: Option[] | undefined, any: string) => (
    <Field
      label={label}
      control={(props) => (
        <select
          {...props}
          value={value[name] === undefined ? '' : String(value[name])}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            onChange({ ...value, [name]: chosen === '' ? undefined : name === 'parity' ? chosen : Number(chosen) });
          }}
        >
          <option value="">{any}</option>
          {(choices ?? []).map((choice) => (
            <option key={choice.value} value={choice.value}>{choice.label}</option>
          ))}
        </select>
      )}
    />
  );
  return (
    <fieldset class="kinds search-filters">
      <legend>Уточнить поиск</legend>
      {options.state === 'error' ? <p class="error" role="alert">{options.message}</p> : null}
      <div class="inline-form">
        {select('departmentId', 'Кафедра', lists?.departmentId, 'Любая')}
        {select('subjectId', 'Дисциплина', lists?.subjectId, 'Любая')}
        {select('lessonTypeId', 'Вид занятия', lists?.lessonTypeId, 'Любой')}
        {select('timeSlotId', 'Пара', lists?.timeSlotId, 'Любая')}
        {select('parity', 'Неделя', PARITIES, 'Любая')}
      </div>
    </fieldset>
  );
}

/** The query part of the chosen filters (none when nothing is chosen). */
export function filterQuery(filters: SearchFilters): SearchFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, chosen]) => chosen !== undefined));
}
