// /admin/#overrides: one-off changes (spec 4.10). «По неделе»: any group's, teacher's or room's week,
// each lesson with «Изменить занятие» (a changed one opens its change). «Реестр»: the changes of a
// period (at most 200 days), filtered by kind and by text and paged by the API, each opened (also a cancelled or moved
// lesson, which is no longer in the week) and deleted from its form.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, formatTime, isDate, plusDays, todayAtUniversity } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { Field } from '../shared/form';
import { PagedTable } from '../shared/table';
import { ErrorLine, useLoad } from '../shared/ui';
import { hashParam } from '../shared/router';
import type { Lesson } from '../shared/week-view';
import { ScheduleLookup } from '../schedule-view';
import { changeText, OverrideForm, type ExistingChange, type OriginalLesson } from './override-form';
import { roomLabel } from '../shared/rooms';

type Change = Schemas['OverrideResponse'];
type Opened = { lesson: OriginalLesson; existing?: ExistingChange };

const ACTION_NAMES: Record<Change['action'], string> = { MOVE: 'перенос', REPLACE: 'замена', CANCEL: 'отмена' };

/** A lesson of the week view as the form knows it; a changed lesson keeps its original facts in the registry. */
function fromWeek(lesson: Lesson): Opened {
  return {
    lesson: {
      baseRuleSlotId: lesson.scheduleRuleSlotId,
      lessonDate: lesson.originalLessonDate ?? lesson.date,
      subjectName: lesson.subjectName,
      lessonTypeName: lesson.lessonTypeName,
      groupNames: lesson.groupNames,
      startTime: lesson.startTime,
      endTime: lesson.endTime,
      teacherName: lesson.teacherName,
      classroomName: lesson.classroomName,
      lessonFormat: lesson.lessonFormat,
    },
  };
}

function fromRegistry(change: Change): Opened {
  return {
    lesson: {
      baseRuleSlotId: change.baseRuleSlotId,
      lessonDate: change.lessonDate,
      subjectName: change.subjectName,
      lessonTypeName: change.lessonTypeName,
      groupNames: change.groupNames,
      startTime: change.originalStartTime,
      endTime: change.originalEndTime,
      teacherName: change.originalTeacherName,
      classroomName: change.originalClassroomName,
      lessonFormat: change.originalLessonFormat,
    },
    existing: {
      id: change.id,
      action: change.action,
      targetLessonDate: change.targetLessonDate,
      newTimeSlotId: change.newTimeSlotId,
      newTeacher: change.newTeacherId && change.newTeacherName ? { id: change.newTeacherId, label: change.newTeacherName } : undefined,
      newClassroom: change.newClassroomId && change.newClassroomName ? { id: change.newClassroomId, label: change.newClassroomName } : undefined,
      newLessonFormat: change.newLessonFormat,
      comment: change.comment,
    },
  };
}

/** The registry entry of a changed lesson of the week (its original date holds it). */
async function changeOf(lesson: Lesson): Promise<Opened> {
  const original = lesson.originalLessonDate ?? lesson.date;
  const changes = await data(api.GET('/api/edu-office/schedule/overrides', { params: { query: { startDate: original, endDate: original } } }));
  const change = changes.find((item) => item.id === lesson.scheduleOverrideId);
  return change ? fromRegistry(change) : fromWeek(lesson);
}

export default function Overrides() {
  // A link to one day's changes (`#overrides?date=…`) opens the registry.
  const [view, setView] = useState<'week' | 'registry'>(() => (isDate(hashParam('date')) ? 'registry' : 'week'));
  const [opened, setOpened] = useState<Opened>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [round, setRound] = useState(0);
  const open = (next: Opened) => {
    setNotice(undefined);
    setOpened(next);
    // The form is under the list: bring it into view.
    requestAnimationFrame(() => document.getElementById('override-title')?.scrollIntoView({ block: 'start' }));
  };
  const done = (text: string) => {
    setNotice(text);
    setOpened(undefined);
    setRound(round + 1);
  };
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Разовые изменения</h1>
      <fieldset class="kinds view-switch">
        <legend>Показать</legend>
        <label class="kind">
          <input type="radio" name="overrides-view" checked={view === 'week'} onChange={() => setView('week')} /> Занятия по неделе
        </label>
        <label class="kind">
          <input type="radio" name="overrides-view" checked={view === 'registry'} onChange={() => setView('registry')} /> Реестр изменений
        </label>
      </fieldset>
      {notice ? (
        <p class="notice notice-info" role="status" id="overrides-notice">
          {notice}
        </p>
      ) : null}
      {failure ? <ErrorLine message={failure} /> : null}
      {opened ? <OverrideForm key={`${opened.lesson.baseRuleSlotId}-${opened.lesson.lessonDate}`} {...opened} onDone={done} onCancel={() => setOpened(undefined)} /> : null}
      {view === 'week' ? (
        <ScheduleLookup
          title="Занятия по неделе"
          nested
          storageKey="timetable.admin.overrides"
          kinds={['group', 'teacher', 'classroom']}
          refresh={round}
          actions={(lesson) => (
            <button
              type="button"
              class="link-button"
              onClick={() => {
                setFailure(undefined);
                if (!lesson.scheduleOverrideId) return open(fromWeek(lesson));
                changeOf(lesson).then(open, (error: unknown) => setFailure(messageOf(error)));
              }}
            >
              {lesson.scheduleOverrideId ? 'Открыть изменение' : 'Изменить занятие'}
            </button>
          )}
        />
      ) : (
        <>
          <h2 id="registry-title">Реестр разовых изменений</h2>
          <Registry key={round} onOpen={(change) => open(fromRegistry(change))} />
        </>
      )}
    </section>
  );
}

/** Registry entries per page: the office reads a large university's week a page at a time (issue 29). */
const REGISTRY_PAGE_SIZE = 50;

function Registry({ onOpen }: { onOpen: (change: Change) => void }) {
  const today = todayAtUniversity();
  // `#overrides?date=…` (a link from an applied request) opens that day's changes.
  const [period, setPeriodState] = useState(() => {
    const asked = hashParam('date');
    return isDate(asked) ? { startDate: asked, endDate: asked } : { startDate: plusDays(today, -14), endDate: plusDays(today, 30) };
  });
  const [action, setActionState] = useState<'' | Change['action']>('');
  const [text, setTextState] = useState('');
  const [pageNumber, setPage] = useState(0);
  // Another filter starts again at the first page.
  const setPeriod = (next: typeof period) => (setPeriodState(next), setPage(0));
  const setAction = (next: typeof action) => (setActionState(next), setPage(0));
  const setText = (next: string) => (setTextState(next), setPage(0));
  const needle = text.trim();
  const changes = useLoad(
    () =>
      data(
        api.GET('/api/edu-office/schedule/overrides/page', {
          params: { query: { ...period, action: action || undefined, query: needle || undefined, page: pageNumber, size: REGISTRY_PAGE_SIZE } },
        }),
      ),
    [period.startDate, period.endDate, action, needle, pageNumber],
  );
  return (
    <>
      <div class="controls filters">
        <Field label="С" control={(props) => <input {...props} type="date" value={period.startDate} onChange={(event) => setPeriod({ ...period, startDate: event.currentTarget.value })} />} />
        <Field label="По" control={(props) => <input {...props} type="date" value={period.endDate} onChange={(event) => setPeriod({ ...period, endDate: event.currentTarget.value })} />} />
        <Field
          label="Вид"
          control={(props) => (
            <select {...props} value={action} onChange={(event) => setAction(event.currentTarget.value as typeof action)}>
              <option value="">Все</option>
              <option value="MOVE">Переносы</option>
              <option value="REPLACE">Замены</option>
              <option value="CANCEL">Отмены</option>
            </select>
          )}
        />
        <Field label="Дисциплина, группа, преподаватель или аудитория" control={(props) => <input {...props} type="search" value={text} onInput={(event) => setText(event.currentTarget.value)} />} />
      </div>
      <PagedTable<Change>
        id="overrides-table"
        caption="Изменений"
        rows={changes}
        rowKey={(change) => change.id}
        rowProps={(change) => ({ 'data-override': String(change.id) })}
        onPage={setPage}
        empty="За этот период изменений нет."
        columns={[
          { title: '№', cell: (change) => change.id },
          { title: 'Вид', cell: (change) => ACTION_NAMES[change.action] },
          { title: 'Занятие', cell: (change) => `${change.subjectName} (${change.lessonTypeName}), ${change.groupNames.join(', ')}` },
          {
            title: 'Было',
            cell: (change) => `${formatShortDate(change.lessonDate)} ${formatTime(change.originalStartTime)}, ${change.originalTeacherName}, ${roomLabel(change.originalClassroomName)}`,
          },
          { title: 'Изменение', cell: (change) => changeText(change) },
          { title: 'Комментарий', cell: (change) => change.comment ?? '' },
          {
            title: 'Действия',
            cell: (change) => (
              <button type="button" class="link-button" onClick={() => onOpen(change)}>
                Открыть
              </button>
            ),
          },
        ]}
      />
    </>
  );
}
