// /admin/#preferences: the teachers' preferences the role may see for a semester (spec 4.14: a
// department those of its teachers by assignment history over the semester); a pending one is
// approved, or rejected with the required comment. The office and the department also add a wish for a
// teacher themselves (approved at once, spec part 3) and cancel an approved one.
import { useEffect, useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, formatTime } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { ApiFormFrame, Field, useApiForm } from '../shared/form';
import { findTeachers } from '../shared/options';
import { Picker, type Choice } from '../shared/picker';
import { useDecidedRows } from '../shared/decided-rows';
import { ReviewControls } from '../shared/review';
import { useMe } from '../shared/session';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { PREFERENCE_STATUS_NAMES } from './my-preferences';

type Preference = Schemas['PreferenceResponse'];
type PreferenceStatus = Preference['status'];
type PreferenceType = Preference['preferenceType'];
type Meta = Schemas['PreferenceMetaResponse'];

export default function PreferencesReview() {
  const me = useMe();
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
  const decisions = useDecidedRows(rows);
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
      {semesterId !== undefined ? (
        <>
          <h2>Добавить пожелание</h2>
          <AddPreference key={semesterId} meta={info} semesterId={semesterId} departmentId={me.role === 'DEPARTMENT' ? (me.departmentId ?? undefined) : undefined} added={() => (status ? setStatus('') : rows.reload())} />
        </>
      ) : null}
      <h2>Пожелания семестра</h2>
      {decisions.notice ? <p class="notice notice-info" role="status">{decisions.notice}</p> : null}
      <DataTable<Preference>
        caption="Пожелания"
        stacked
        rows={decisions.rows}
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
                    const reviewed = await data(api.POST('/api/teacher-preferences/{id}/review', { params: { path: { id: preference.id } }, body: { approved, comment } }));
                    decisions.decided(reviewed, `${approved ? 'Пожелание утверждено' : 'Пожелание отклонено'}: ${typeName(preference)}, ${preference.teacherName}, ${when(preference)}`);
                  }}
                />
              ) : preference.status === 'APPROVED' ? (
                <CancelPreference id={preference.id} what={`${typeName(preference)}, ${preference.teacherName}, ${when(preference)}`} cancelled={rows.reload} />
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** «Отменить» an approved wish (it becomes CANCELLED; a block lifts at once); the API's refusal stands under it. */
function CancelPreference({ id, what, cancelled }: { id: number; what: string; cancelled: () => void }) {
  const [refusal, setRefusal] = useState<string>();
  async function cancel() {
    setRefusal(undefined);
    try {
      await data(api.DELETE('/api/teacher-preferences/{id}', { params: { path: { id } } }));
      cancelled();
    } catch (error) {
      setRefusal(messageOf(error));
    }
  }
  return (
    <>
      <button type="button" onClick={() => void cancel()} aria-label={`Отменить: ${what}`}>
        Отменить
      </button>
      {refusal ? <ErrorLine message={refusal} /> : null}
    </>
  );
}

type Wish = { teacherId?: Choice; preferenceType: PreferenceType; dayOfWeek: string; timeSlotId: string; preferenceDate: string; comment: string };


/**
 * A wish for a chosen teacher (a department finds only its own): a pair of the week, a whole date, or
 * a compactness wish for the semester or a weekday. The API approves it at once.
 */
function AddPreference({ meta, semesterId, departmentId, added }: { meta: Meta; semesterId: number; departmentId?: number; added: () => void }) {
  const semester = meta.semesters.find((item) => item.id === semesterId);
  const form = useApiForm<Wish>({
    initial: { teacherId: undefined, preferenceType: 'HARD_UNAVAILABLE', dayOfWeek: '', timeSlotId: '', preferenceDate: '', comment: '' },
    send: async (values) => {
      const created = await data(
        api.POST('/api/teacher-preferences', {
          body: {
            teacherId: values.teacherId?.id,
            semesterId,
            preferenceType: values.preferenceType,
            dayOfWeek: values.dayOfWeek ? Number(values.dayOfWeek) : null,
            timeSlotId: values.timeSlotId ? Number(values.timeSlotId) : null,
            preferenceDate: values.preferenceDate || null,
            comment: values.comment || null,
          },
        }),
      );
      added();
      return `Пожелание для ${created.teacherName} добавлено: ${PREFERENCE_STATUS_NAMES[created.status]}`;
    },
    otherwise: 'preferenceType',
  });
  const teacherError = form.errorAt('teacherId');
  return (
    <ApiFormFrame form={form} label="Добавить пожелание" submitText="Добавить">
      <p class="hint">Пара недели: день и пара. Целый день: только дата. Расположение занятий: весь семестр или один день недели. Пожелание сразу утверждено.</p>
      <div class={`field${teacherError ? ' field-invalid' : ''}`}>
        <Picker label="Преподаватель" placeholder="ФИО, логин или должность" search={(text) => findTeachers(text, departmentId)} listOnOpen={departmentId !== undefined} chosen={form.values.teacherId} onPick={(item) => form.set('teacherId', item)} />
        {teacherError ? <ErrorLine message={teacherError} /> : null}
      </div>
      <Field
        label="Пожелание"
        error={form.errorAt('preferenceType')}
        control={(props) => (
          <select {...props} value={form.values.preferenceType} onChange={(event) => form.set('preferenceType', event.currentTarget.value as PreferenceType)}>
            {meta.preferenceTypes.map((option) => (
              <option key={option.code} value={option.code}>{option.label}</option>
            ))}
          </select>
        )}
      />
      <div class="inline-form">
        <Field
          label="День недели"
          error={form.errorAt('dayOfWeek')}
          control={(props) => (
            <select {...props} value={form.values.dayOfWeek} onChange={(event) => form.set('dayOfWeek', event.currentTarget.value)}>
              <option value="">—</option>
              {meta.days.map((day) => (
                <option key={day.dayOfWeek} value={String(day.dayOfWeek)}>{day.name}</option>
              ))}
            </select>
          )}
        />
        <Field
          label="Пара"
          error={form.errorAt('timeSlotId')}
          control={(props) => (
            <select {...props} value={form.values.timeSlotId} onChange={(event) => form.set('timeSlotId', event.currentTarget.value)}>
              <option value="">—</option>
              {meta.timeSlots.map((slot) => (
                <option key={slot.id} value={String(slot.id)}>{`${slot.orderNumber}-я, ${formatTime(slot.startTime)}–${formatTime(slot.endTime)}`}</option>
              ))}
            </select>
          )}
        />
        <Field
          label="Дата"
          error={form.errorAt('preferenceDate')}
          control={(props) => <input {...props} type="date" min={semester?.startDate} max={semester?.endDate} value={form.values.preferenceDate} onInput={(event) => form.set('preferenceDate', event.currentTarget.value)} />}
        />
      </div>
      <Field label="Комментарий" control={(props) => <input {...props} maxLength={1000} value={form.values.comment} onInput={(event) => form.set('comment', event.currentTarget.value)} />} />
    </ApiFormFrame>
  );
}
