// /teacher/#my-schedule: the signed-in teacher's own lessons (their id from /api/auth/me). Each lesson
// without a one-off change offers «Попросить перенос» (spec 4.15: only such lessons may be asked about),
// and only while it is ahead: the service refuses a request about a lesson that has begun.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { hasBegun } from '../shared/dates';
import { Dialog } from '../shared/dialog';
import { useMe } from '../shared/session';
import { SubscribePanel } from '../shared/subscribe';
import { WeekView } from '../shared/week-view';
import { ChangeRequestForm } from '../teacher-change-requests';

type Lesson = Schemas['RenderedLessonDto'];

export default function MySchedule() {
  const me = useMe();
  const [asking, setAsking] = useState<Lesson>();
  return (
    <>
      <h1 id="page-title">Моё расписание</h1>
      {/* MY_LESSONS follows the teacher, not a fixed id: it stays theirs whatever the office changes. */}
      <SubscribePanel target={{ kind: 'MY_LESSONS' }} />
      <WeekView
        loadKey={me.userId}
        changesOf={{ teacherId: me.userId }}
        downloads={[{ label: 'мои занятия', params: { teacherId: me.userId } }]}
        load={(startDate, endDate) => data(api.GET('/api/schedule', { params: { query: { teacherId: me.userId, startDate, endDate } } }))}
        emptyHint={() => 'Занятия появятся здесь, когда учебный отдел опубликует расписание с вашим участием.'}
        actions={(lesson) =>
          lesson.overrideAction || hasBegun(lesson.date, lesson.startTime) ? null : (
            <button type="button" onClick={() => setAsking(lesson)} aria-label={`Попросить перенос: ${lesson.subjectName}, ${lesson.date}, ${lesson.startTime.slice(0, 5)}`}>
              Попросить перенос
            </button>
          )
        }
      />
      <Dialog title="Заявка на перенос занятия" open={asking !== undefined} onClose={() => setAsking(undefined)}>
        {asking ? <ChangeRequestForm key={`${asking.scheduleRuleSlotId}-${asking.date}`} lesson={asking} onSubmitted={() => undefined} /> : null}
      </Dialog>
    </>
  );
}
