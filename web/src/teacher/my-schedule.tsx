// /teacher/#my-schedule: the signed-in teacher's own lessons (their id from /api/auth/me).
import { api, data } from '../api/client';
import { useMe } from '../shared/shell';
import { SubscribePanel } from '../shared/subscribe';
import { WeekView } from '../shared/week-view';

export default function MySchedule() {
  const me = useMe();
  return (
    <>
      <h1 id="page-title">Моё расписание</h1>
      {/* MY_LESSONS follows the teacher, not a fixed id: it stays theirs whatever the office changes. */}
      <SubscribePanel target={{ kind: 'MY_LESSONS' }} />
      <WeekView
        loadKey={me.userId}
        load={(startDate, endDate) => data(api.GET('/api/schedule', { params: { query: { teacherId: me.userId, startDate, endDate } } }))}
        emptyHint={() => 'Занятия появятся здесь, когда учебный отдел опубликует расписание с вашим участием.'}
      />
    </>
  );
}
