// A version diff (spec 4.11 `…/diff`) as a person reads it: rules added, removed and changed (which
// fields, in Russian), and the lessons that appear, disappear or move, a changed rule's old and new
// lessons side by side.
import { api, data, type Schemas } from '../api/client';
import { formatLongDate, formatShortDate, formatTime } from '../shared/dates';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { roomLabel } from '../shared/rooms';

type Diff = Schemas['VersionDiffResponse'];
type DiffLesson = Schemas['DiffLessonSummary'];

const FIELD_NAMES: Record<string, string> = {
  subjectId: 'дисциплина',
  lectureAcademicHours: 'часы лекций',
  laboratoryAcademicHours: 'часы лабораторных',
  practiceAcademicHours: 'часы практик',
  lectureStartWeek: 'начальная неделя лекций',
  laboratoryStartWeek: 'начальная неделя лабораторных',
  practiceStartWeek: 'начальная неделя практик',
  groupIds: 'группы',
  slots: 'слоты (день, пара, преподаватель, аудитория)',
};
/** How many lessons of one list are written out; the totals are always given. */
const SHOWN_LESSONS = 5;

const when = (lesson: DiffLesson) => `${formatShortDate(lesson.date)}, ${formatTime(lesson.startTime)}–${formatTime(lesson.endTime)}`;
/** A lesson of any rule; under a changed rule its subject and groups are already named above. */
const lessonText = (lesson: DiffLesson, ofNamedRule: boolean) =>
  ofNamedRule
    ? `${when(lesson)}, ${lesson.teacherName}, ${roomLabel(lesson.classroomName)}`
    : `${when(lesson)}: ${lesson.subjectName} (${lesson.lessonTypeName}), ${lesson.groupNames.join(', ')} — ${lesson.teacherName}, ${roomLabel(lesson.classroomName)}`;

/**
 * Loads and shows the diff of `versionId` against `baseVersionId`; with `effectiveFrom`, of the lessons
 * from that date only (a publication from it keeps the lessons before).
 */
export function VersionDiff({ versionId, baseVersionId, effectiveFrom }: { versionId: number; baseVersionId: number; effectiveFrom?: string }) {
  const diff = useLoad(
    () => data(api.GET('/api/edu-office/schedule/versions/{id}/diff', { params: { path: { id: versionId }, query: { baseVersionId, effectiveFrom } } })),
    [versionId, baseVersionId, effectiveFrom],
  );
  if (diff.state === 'loading') return <Status>Сравнение версий…</Status>;
  if (diff.state === 'error') return <ErrorLine message={diff.message} />;
  return <DiffView diff={diff.data} from={effectiveFrom} />;
}

export function DiffView({ diff, from }: { diff: Diff; from?: string }) {
  const { rules, lessons } = diff;
  if (rules.added.length + rules.removed.length + rules.changed.length === 0 && lessons.addedCount + lessons.removedCount === 0) {
    return <p class="notice notice-info diff-none">{from ? `С ${formatLongDate(from)} версии не различаются: те же правила и те же занятия.` : 'Версии не различаются: те же правила и те же занятия.'}</p>;
  }
  const lessonsFrom = from ? `Занятий с ${formatLongDate(from)}` : 'Занятий';
  // A changed rule's lessons: the base version's (removed) beside the version's (added).
  const changedLessons = rules.changed.map((change) => ({
    change,
    before: lessons.removed.filter((lesson) => lesson.ruleId === change.baseRuleId),
    after: lessons.added.filter((lesson) => lesson.ruleId === change.ruleId),
  }));
  const pairedRuleIds = new Set(rules.changed.flatMap((change) => [change.ruleId, change.baseRuleId]));
  const otherAdded = lessons.added.filter((lesson) => !pairedRuleIds.has(lesson.ruleId));
  const otherRemoved = lessons.removed.filter((lesson) => !pairedRuleIds.has(lesson.ruleId));
  return (
    <div class="version-diff">
      <p class="diff-totals">
        {`Правил: добавлено ${rules.added.length}, удалено ${rules.removed.length}, изменено ${rules.changed.length}. ` +
          `${lessonsFrom}: появится ${lessons.addedCount}, исчезнет ${lessons.removedCount}` +
          (lessons.changedCount ? `; в тот же день с другой парой, преподавателем или аудиторией: ${lessons.changedCount}.` : '.')}
        {lessons.truncated ? ' Списки занятий сокращены.' : ''}
      </p>
      {rules.changed.length ? (
        <section class="diff-part">
          <h3>Изменённые правила</h3>
          <ul class="diff-list">
            {changedLessons.map(({ change, before, after }) => (
              <li key={change.ruleId} class="diff-changed">
                <p>
                  <strong>{`Правило №${change.ruleId} «${change.subjectName}»`}</strong>
                  {`: изменено — ${change.changes.map((field) => FIELD_NAMES[field] ?? field).join(', ')}`}
                </p>
                {before.length || after.length ? (
                  <div class="diff-before-after">
                    <LessonList title="Было" lessons={before} ofNamedRule />
                    <LessonList title="Стало" lessons={after} ofNamedRule />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RuleList title="Новые правила" rules={rules.added} />
      <RuleList title="Удалённые правила" rules={rules.removed} />
      {otherAdded.length ? <LessonList title="Новые занятия" lessons={otherAdded} /> : null}
      {otherRemoved.length ? <LessonList title="Исчезнувшие занятия" lessons={otherRemoved} /> : null}
    </div>
  );
}

function RuleList({ title, rules }: { title: string; rules: Schemas['DiffRuleSummary'][] }) {
  if (rules.length === 0) return null;
  return (
    <section class="diff-part">
      <h3>{title}</h3>
      <ul class="diff-list">
        {rules.map((rule) => (
          <li key={rule.ruleId}>
            {`№${rule.ruleId} «${rule.subjectName}», ${rule.groupNames.join(', ')}: лекции ${rule.lectureAcademicHours} ч, практики ${rule.practiceAcademicHours} ч, лабораторные ${rule.laboratoryAcademicHours} ч; слотов: ${rule.slotCount}`}
          </li>
        ))}
      </ul>
    </section>
  );
}

function LessonList({ title, lessons, ofNamedRule = false }: { title: string; lessons: DiffLesson[]; ofNamedRule?: boolean }) {
  return (
    <div class="diff-lessons">
      <h4>{title}</h4>
      {lessons.length === 0 ? <p class="hint">Занятий нет</p> : null}
      <ul>
        {lessons.slice(0, SHOWN_LESSONS).map((lesson) => (
          <li key={`${lesson.scheduleRuleSlotId}-${lesson.date}`}>{lessonText(lesson, ofNamedRule)}</li>
        ))}
      </ul>
      {lessons.length > SHOWN_LESSONS ? <p class="hint">{`и ещё ${lessons.length - SHOWN_LESSONS}`}</p> : null}
    </div>
  );
}
