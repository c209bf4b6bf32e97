// /teacher/#my-schedule: the signed-in teacher's own lessons (their id from /api/auth/me). Each lesson
// without a one-off change offers «Попросить перенос» (spec 4.15: only such lessons may be asked about),
// and only while it is ahead: the service refuses a request about a lesson that has begun. A lesson
// with a request waiting for the office is marked «Заявка на перенос» instead (one waiting request per
// lesson, spec 4.15), so a second one is never offered.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { hasBegun } from '../shared/dates';
import { Dialog } from '../shared/dialog';
import { useMe } from '../shared/session';
import { SubscribePanel } from '../shared/subscribe';
import { useLoad } from '../shared/ui';
import { WeekView } from '../shared/week-view';
import { ChangeRequestForm, requestedLesson, sentRequestNotice } from '../teacher-change-requests';

type Lesson = Schemas['RenderedLessonDto'];
type Request = Schemas['ChangeRequestResponse'];

const lessonKey = (baseRuleSlotId: number, lessonDate: string) => `${baseRuleSlotId}:${lessonDate}`;

export default function MySchedule() {
  const me = useMe();
  const [asking, setAsking] = useState<Lesson>();
  const [notice, setNotice] = useState<string>();
  // The waiting requests as the API has them, plus those sent from this page since (no reload needed).
  const pendingLoad = useLoad(() => data(api.GET('/api/teacher-change-requests', { params: { query: { status: 'PENDING' } } })), []);
  const [sent, setSent] = useState<Request[]>([]);
  const pending = new Map<string, number>();
  for (const request of [...(pendingLoad.state === 'done' ? pendingLoad.data : []), ...sent]) pending.set(lessonKey(request.baseRuleSlotId, request.lessonDate), request.id);

  const submitted = (request: Request) => {
    setSent((before) => [...before, request]);
    setAsking(undefined);
    setNotice(sentRequestNotice(request));
  };

  return (
    <>
      <h1 id="page-title">Моё расписание</h1>
      {notice ? <p class="notice notice-info" role="status">{notice}</p> : null}
      <WeekView
        loadKey={me.userId}
        changesOf={{ teacherId: me.userId }}
        downloads={[{ label: 'мои занятия', params: { teacherId: me.userId } }]}
        load={(startDate, endDate) => data(api.GET('/api/schedule', { params: { query: { teacherId: me.userId, startDate, endDate } } }))}
        emptyHint={() => 'Занятия появятся здесь, когда учебный отдел опубликует расписание с вашим участием.'}
        actions={(lesson) => {
          const named = requestedLesson(lesson);
          const waiting = pending.get(lessonKey(named.baseRuleSlotId, named.lessonDate));
          if (waiting !== undefined) return <span class="badge badge-requested">{`Заявка на перенос №${waiting}`}</span>;
          // Until the waiting requests are known, nothing is offered that the API might refuse as a second one.
          if (pendingLoad.state === 'loading' || lesson.overrideAction || hasBegun(lesson.date, lesson.startTime)) return null;
          return (
            <button type="button" onClick={() => (setNotice(undefined), setAsking(lesson))} aria-label={`Попросить перенос: ${lesson.subjectName}, ${lesson.date}, ${lesson.startTime.slice(0, 5)}`}>
              Попросить перенос
            </button>
          );
        }}
      />
      {/* MY_LESSONS follows the teacher, not a fixed id: it stays theirs whatever the office changes. Below
          the week, so that on a phone the week comes first. */}
      <SubscribePanel target={{ kind: 'MY_LESSONS' }} />
      <Dialog title="Заявка на перенос занятия" open={asking !== undefined} onClose={() => setAsking(undefined)}>
        {asking ? <ChangeRequestForm key={`${asking.scheduleRuleSlotId}-${asking.date}`} lesson={asking} onSubmitted={submitted} /> : null}
      </Dialog>
    </>
  );
}
