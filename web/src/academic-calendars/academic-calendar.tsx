// /admin/#academic-calendar «Учебный календарь» (spec 4.7, 4.8): academic calendars with their day
// grids and subjects, academic years with their semesters, and the activity codes the grids are
// painted with. One part is shown at a time; `#academic-calendar?calendarId=5` opens a calendar.
import { useState } from 'preact/hooks';
import { api, data } from '../api/client';
import { AcademicYears, ActivityCodes } from '../academic-years';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { Calendars } from './calendars';

type Part = 'calendars' | 'years' | 'activities';
const PARTS: { id: Part; title: string }[] = [
  { id: 'calendars', title: 'Календари' },
  { id: 'years', title: 'Учебные годы' },
  { id: 'activities', title: 'Коды активности' },
];

export default function AcademicCalendar() {
  const [part, setPart] = useState<Part>('calendars');
  const years = useLoad(() => data(api.GET('/api/admin/calendar/years')), []);
  const activities = useLoad(async () => (await data(api.GET('/api/admin/calendar/activity-types'))).sort((a, b) => a.displayOrder - b.displayOrder || a.code.localeCompare(b.code, 'ru')), []);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Учебный календарь</h1>
      <nav class="part-switch" aria-label="Разделы учебного календаря">
        {PARTS.map((item) => (
          <button type="button" key={item.id} aria-pressed={part === item.id} onClick={() => setPart(item.id)}>
            {item.title}
          </button>
        ))}
      </nav>
      {part === 'years' ? <AcademicYears years={years} onChanged={years.reload} /> : null}
      {part === 'activities' ? <ActivityCodes activities={activities} onChanged={activities.reload} /> : null}
      {part === 'calendars' ? (
        years.state === 'error' || activities.state === 'error' ? (
          <ErrorLine message={years.state === 'error' ? years.message : activities.state === 'error' ? activities.message : ''} />
        ) : years.state === 'done' && activities.state === 'done' ? (
          <Calendars years={years.data} activities={activities.data} />
        ) : (
          <Status>Загрузка…</Status>
        )
      ) : null}
    </section>
  );
}
