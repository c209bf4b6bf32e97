// /admin/#preferences: the teachers' preferences the role may see for a semester (spec 4.14: a
// department those of its teachers by assignment history over the semester); a pending one is
// approved, or rejected with the required comment.
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, formatTime } from '../shared/dates';
import { Field } from '../shared/form';
import { ReviewControls } from '../shared/review';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { PREFERENCE_STATUS_NAMES } from './my-preferences';

type Preference = Schemas['PreferenceResponse'];
type PreferenceStatus = Preference['status'];

export default function PreferencesReview() {
  const meta = useLoad(() => data(api.GET('/api/teacher-preferences/meta')), []);
  const [semesterId, setSemesterId] = useState<number>();
  const [status, setStatus] = useState<PreferenceStatus | ''>('PENDING');
  useEffect(() => {
    if (meta.state === 'done' && semesterId === undefined) setSemesterId((meta.data.semesters.find((item) => item.current) ?? meta.data.semesters.at(-1))?.id);
  }, [meta.state]);
  const rows = useLoad(
    () => (semesterId === undefined ? Promise.resolve([]) : data(api.GET('/api/teacher-preferences', { params: { query: { semesterId, ...(status ? { status } : {}) } } }))),
    [semesterId, status],
  );
  if (meta.state === 'loading') return (<><h1 id="page-title">Пожелания преподавателей</h1><Status>Загрузка…</Status></>);
  if (meta.state === 'error') return (<><h1 id="page-title">Пожелания преподавателей</h1><ErrorLine message={meta.message} /></>);
  const info = meta.data;
  const typeName = (preference: Preference) => info.preferenceTypes.find((option) => option.code === preference.preferenceType)?.label ?? preference.preferenceType;
  const when = (preference: Preference) => {
    if (preference.preferenceDate) return `${formatShortDate(preference.preferenceDate)} целиком`;
    const day = info.days.find((item) => item.dayOfWeek === preference.dayOfWeek)?.name ?? 'весь семестр';
    return preference.timeSlotOrder !== null ? `${day}, ${preference.timeSlotOrder}-я пара (${formatTime(preference.startTime)}–${formatTime(preference.endTime)})` : day;
  };
  return (
    <>
      <h1 id="page-title">Пожелания преподавателей</h1>
      <div class="inline-form">
        <Field
          label="Семестр"
          control={(props) => (
            <select {...props} value={String(semesterId ?? '')} onChange={(event) => setSemesterId(Number(event.currentTarget.value))}>
              {info.semesters.map((semester) => (
                <option key={semester.id} value={String(semester.id)}>{semester.label}</option>
              ))}
            </select>
          )}
        />
        <Field
          label="Статус"
          control={(props) => (
            <select {...props} value={status} onChange={(event) => setStatus(event.currentTarget.value as PreferenceStatus | '')}>
              <option value="">Все</option>
              {(Object.keys(PREFERENCE_STATUS_NAMES) as PreferenceStatus[]).map((code) => (
                <option key={code} value={code}>{PREFERENCE_STATUS_NAMES[code]}</option>
              ))}
            </select>
          )}
        />
      </div>
      <DataTable<Preference>
        caption="Пожелания"
        rows={rows}
        rowKey={(preference) => preference.id}
        filterText={(preference) => preference.teacherName}
        empty="Пожеланий с таким статусом нет."
        columns={[
          { title: 'Преподаватель', cell: (preference) => preference.teacherName, compare: (a, b) => a.teacherName.localeCompare(b.teacherName, 'ru') },
          { title: 'Пожелание', cell: (preference) => typeName(preference) },
          { title: 'Когда', cell: (preference) => when(preference) },
          { title: 'Статус', cell: (preference) => `${PREFERENCE_STATUS_NAMES[preference.status]}${preference.reviewComment ? ` (${preference.reviewComment})` : ''}` },
          {
            title: 'Решение',
            cell: (preference) =>
              preference.status === 'PENDING' ? (
                <ReviewControls
                  what={`${typeName(preference)}, ${preference.teacherName}, ${when(preference)}`}
                  review={async (approved, comment) => {
                    await data(api.POST('/api/teacher-preferences/{id}/review', { params: { path: { id: preference.id } }, body: { approved, comment } }));
                    rows.reload();
                  }}
                />
              ) : null,
          },
        ]}
      />
    </>
  );
}
