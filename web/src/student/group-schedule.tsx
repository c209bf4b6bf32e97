// /student/#group-schedule: a student finds their group once (remembered in this browser) and reads its weeks.
import { useEffect, useState } from 'preact/hooks';
import { api, data } from '../api/client';
import { findGroups } from '../shared/options';
import { Picker } from '../shared/picker';
import { remember, remembered, type Chosen } from '../shared/storage';
import { SubscribePanel } from '../shared/subscribe';
import { WeekView } from '../shared/week-view';

const GROUP_KEY = 'timetable.student.group';

export default function GroupSchedule() {
  const [group, setGroup] = useState(() => remembered<Chosen>(GROUP_KEY));
  useEffect(() => {
    if (group) document.title = `${group.label} — расписание`;
  }, [group]);
  return (
    <>
      <h1 id="page-title">{group ? `Расписание группы ${group.label}` : 'Расписание группы'}</h1>
      <div class="controls">
        <Picker
          label="Группа"
          placeholder="Начните вводить название группы"
          search={findGroups}
          chosen={group}
          onPick={(item) => {
            const chosen = { id: item.id, label: item.label };
            remember(GROUP_KEY, chosen);
            setGroup(chosen);
          }}
        />
      </div>
      <SubscribePanel target={group ? { kind: 'GROUP', targetId: group.id } : null} />
      <WeekView
        loadKey={group?.id}
        downloads={group ? [{ label: `группа ${group.label}`, params: { groupId: group.id } }] : []}
        load={(startDate, endDate) => (group ? data(api.GET('/api/schedule', { params: { query: { groupId: group.id, startDate, endDate } } })) : Promise.resolve(null))}
        placeholder="Найдите свою группу в поле выше: её расписание запомнится в этом браузере."
        emptyHint={() => 'Если занятия должны быть, возможно, группе ещё не назначен учебный календарь: обратитесь в учебный отдел.'}
      />
    </>
  );
}
