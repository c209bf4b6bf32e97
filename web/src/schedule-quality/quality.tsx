// /admin/#quality: the quality of a schedule version (spec 4.12). The score with how to read it, each
// metric with its penalty and explanation, the problems (each opening its rule, and for the published
// version its lesson's checked recommendations). A problem that repeats shows first what fixes its
// rule (issue 45 §8): «Применить к правилу» asks once, then sends the rule body through the rules API
// (the published timetable changes at once); a one-lesson recommendation goes through the ordinary
// one-off change creation. The report is then asked again and the score before and after is shown.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatLongDate, formatShortDate, formatTime } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { DataTable } from '../shared/table';
import { ErrorLine, type Loaded, Status, useLoad } from '../shared/ui';
import { useVersionChoice, VersionChoiceFields, type Version } from '../shared/version-choice';
import { roomLabel } from '../shared/rooms';

type Report = Schemas['QualityReportResponse'];
type Problem = Schemas['QualityProblemResponse'];
type Recommendation = Schemas['RecommendationResponse'];
type RuleRecommendation = Schemas['RuleRecommendationResponse'];

const SEVERITY = { HIGH: 'высокая', MEDIUM: 'средняя', LOW: 'низкая' } as const;
const score = (value: number) => value.toLocaleString('ru-RU', { maximumFractionDigits: 2 });

export default function Quality() {
  const choice = useVersionChoice();
  const { version, semesterId } = choice;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Качество расписания</h1>
      <VersionChoiceFields choice={choice} />
      {version && semesterId ? <VersionQuality key={version.id} semesterId={semesterId} version={version} /> : choice.versions.state === 'loading' ? <Status>Загрузка…</Status> : null}
    </section>
  );
}

function VersionQuality({ semesterId, version }: { semesterId: number; version: Version }) {
  const [round, setRound] = useState(0);
  const [applied, setApplied] = useState<{ text: string; before: number; penaltyBefore: number }>();
  // Each answer carries the round it was asked in: after an applied recommendation the old report is
  // not taken for the new one (for one render the loader still holds it).
  const report = useLoad(
    () => data(api.GET('/api/edu-office/schedule/quality', { params: { query: { semesterId, versionId: version.id } } })).then((answer) => ({ answer, round })),
    [version.id, round],
  );
  const [open, setOpen] = useState<string>();

  if (report.state === 'loading' && round === 0) return <Status>Анализ расписания семестра…</Status>;
  if (report.state === 'error') return <ErrorLine message={report.message} />;
  const current = report.state === 'done' && report.data.round === round ? report.data.answer : undefined;
  return (
    <div>
      {applied ? (
        <p class="notice notice-info" role="status" id="quality-applied">
          {current
            ? `${applied.text} Оценка: было ${score(applied.before)}, стало ${score(current.score)}; сумма штрафов: ${score(applied.penaltyBefore)} → ${score(current.rawPenalty)}.`
            : `${applied.text} Оценка пересчитывается…`}
        </p>
      ) : null}
      {current ? (
        <>
          <ScoreCard report={current} />
          <Metrics report={current} />
          <section class="panel" aria-labelledby="problems-title">
            <h2 id="problems-title">{`Проблемы: ${current.totalProblemCount}${current.problemsTruncated ? ` (показаны ${current.problems.length})` : ''}`}</h2>
            {current.problems.length === 0 ? <p class="empty">Проблем не найдено.</p> : null}
            {version.status !== 'PUBLISHED' && current.problems.length ? (
              <p class="hint">Рекомендации есть только у опубликованной версии: черновик оценивается по его правилам без разовых изменений.</p>
            ) : null}
            <ol class="problem-list">
              {current.problems.map((problem) => (
                <li key={problem.id} data-problem={problem.id}>
                  <p>
                    <strong>{problem.title}</strong>
                    {` — важность ${SEVERITY[problem.severity]}, штраф ${score(problem.penalty)}, занятий: ${problem.affectedLessonCount}`}
                  </p>
                  <p>{problem.description}</p>
                  <a href={`#rules?versionId=${version.id}&ruleId=${problem.scheduleRuleId}`}>{`Открыть правило №${problem.scheduleRuleId}`}</a>
                  {version.status === 'PUBLISHED' && problem.optimizable ? (
                    <button type="button" class="link-button" aria-expanded={open === problem.id} onClick={() => setOpen(open === problem.id ? undefined : problem.id)}>
                      {problem.affectedLessonCount > 1 ? `Как исправить: правило и занятие ${formatShortDate(problem.lessonDate)}` : `Рекомендации для занятия ${formatShortDate(problem.lessonDate)}`}
                    </button>
                  ) : null}
                  {open === problem.id ? (
                    <Recommendations
                      semesterId={semesterId}
                      version={version}
                      problem={problem}
                      onApplied={(text) => {
                        setApplied({ text, before: current.score, penaltyBefore: current.rawPenalty });
                        setOpen(undefined);
                        setRound(round + 1);
                      }}
                    />
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : (
        <Status>Пересчёт оценки…</Status>
      )}
    </div>
  );
}

function ScoreCard({ report }: { report: Report }) {
  return (
    <section class="panel" aria-labelledby="score-title">
      <h2 id="score-title">{`Оценка версии №${report.scheduleVersionNumber} «${report.scheduleVersionName}»`}</h2>
      <p class="score" id="quality-score">{`${score(report.score)} из 100`}</p>
      <p class="hint">{`Занятий в семестре: ${report.lessonCount}; сумма штрафов: ${score(report.rawPenalty)}.`}</p>
      <p class="hint" id="quality-score-explanation">{`${report.scoreExplanation}.`}</p>
    </section>
  );
}

function Metrics({ report }: { report: Report }) {
  return (
    <DataTable<Report['metrics'][number]>
      id="quality-metrics"
      caption="Показатели"
      rows={{ state: 'done', data: report.metrics }}
      rowKey={(metric) => metric.code}
      pageSize={100}
      stacked
      columns={[
        { title: 'Показатель', cell: (metric) => metric.label },
        { title: 'Значение', cell: (metric) => `${score(metric.value)} ${metric.unit}` },
        { title: 'Штраф', cell: (metric) => score(metric.penalty) },
        { title: 'Как считается', cell: (metric) => metric.explanation },
      ]}
    />
  );
}

function Recommendations({ semesterId, version, problem, onApplied }: { semesterId: number; version: Version; problem: Problem; onApplied: (text: string) => void }) {
  const params = { query: { semesterId, versionId: version.id, scheduleRuleSlotId: problem.scheduleRuleSlotId, lessonDate: problem.lessonDate } };
  const answer = useLoad(() => data(api.GET('/api/edu-office/schedule/quality/recommendations', { params })), [problem.id]);
  // A problem on more than one lesson may repeat every week: what fixes its rule is asked beside (it takes longer).
  const repeats = problem.affectedLessonCount > 1;
  const forRule = useLoad(
    () => (repeats ? data(api.GET('/api/edu-office/schedule/quality/rule-recommendations', { params })) : Promise.resolve(undefined)),
    [problem.id],
  );
  const [failure, setFailure] = useState<{ key: string; message: string }>();
  const [busy, setBusy] = useState(false);

  async function run(key: string, work: () => Promise<string>) {
    setBusy(true);
    setFailure(undefined);
    try {
      onApplied(await work());
    } catch (error) {
      setFailure({ key, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const apply = (recommendation: Recommendation, index: number) =>
    run(`lesson-${index}`, async () => {
      const change = await data(api.POST('/api/edu-office/schedule/overrides', { body: recommendation.override }));
      return `Применено: ${recommendation.title} (разовое изменение №${change.id}).`;
    });

  // The published timetable changes at once for everyone: asked once, saying so.
  const applyToRule = (recommendation: RuleRecommendation, index: number) => {
    if (!window.confirm(ruleQuestion(recommendation))) return;
    void run(`rule-${index}`, async () => {
      await data(api.PUT('/api/admin/schedule-rules/{id}', { params: { path: { id: recommendation.scheduleRuleId } }, body: recommendation.rule }));
      return `Правило №${recommendation.scheduleRuleId} перенесено ${recommendation.placeText}.`;
    });
  };

  if (answer.state === 'loading') return <Status>Поиск улучшений…</Status>;
  if (answer.state === 'error') return <ErrorLine message={answer.message} />;
  const { recommendations } = answer.data;
  if (!answer.data.available) return <p class="hint">{answer.data.unavailableReason ?? 'Для этого занятия рекомендаций нет.'}</p>;
  const forLesson =
    recommendations.length === 0 ? (
      <p class="hint">{`Проверено вариантов для занятия: ${answer.data.checkedCandidateCount}; ни один не улучшает расписание.`}</p>
    ) : (
      <LessonRecommendations recommendations={recommendations} busy={busy} failure={failure} onApply={(item, index) => void apply(item, index)} />
    );
  // Nothing to say of the rule when its slot's lessons ahead do not repeat the problem.
  const ruleSaysNothing = forRule.state === 'done' && (!forRule.data?.available || forRule.data.repeatedLessonCount < 2);
  if (!repeats || ruleSaysNothing) return forLesson;
  return (
    <div class="recommendation-parts">
      <RuleRecommendations answer={forRule} busy={busy} failure={failure} onApply={applyToRule} />
      <h3>{`Только для занятия ${formatShortDate(answer.data.lessonDate)}`}</h3>
      {forLesson}
    </div>
  );
}

/** What fixes the rule, first: each with its gain over the lessons it moves and «Применить к правилу». */
function RuleRecommendations({
  answer,
  busy,
  failure,
  onApply,
}: {
  answer: Loaded<Schemas['RuleRecommendationsResponse'] | undefined>;
  busy: boolean;
  failure?: { key: string; message: string };
  onApply: (item: RuleRecommendation, index: number) => void;
}) {
  if (answer.state === 'loading') return <Status>Проверка изменений правила…</Status>;
  if (answer.state === 'error') return <ErrorLine message={answer.message} />;
  const found = answer.data;
  if (!found) return null;
  return (
    <>
      <h3>{`Для всего правила — все оставшиеся занятия (с этой проблемой: ${found.repeatedLessonCount})`}</h3>
      {found.recommendations.length === 0 ? (
        <p class="hint">{`Проверено изменений правила: ${found.checkedCandidateCount}; ни одно не проходит проверки правил или не снижает штраф.`}</p>
      ) : (
        <ul class="recommendations" aria-label="Изменения правила">
          {found.recommendations.map((item, index) => (
            <li key={index} class="recommendation recommendation-rule" data-rule-recommendation={item.kind}>
              <p>
                <strong>{item.title}</strong>
                {` — оценка +${score(item.scoreDelta)}; штраф ${score(item.penaltyDelta)} по ${item.changedLessonCount} ${lessonsWord(item.changedLessonCount)}`}
              </p>
              {item.improvements.length ? <p>{`Лучше: ${item.improvements.join('; ')}`}</p> : null}
              {item.tradeOffs.length ? <p>{`Хуже: ${item.tradeOffs.join('; ')}`}</p> : null}
              <button type="button" class="primary" disabled={busy} onClick={() => onApply(item, index)}>
                Применить к правилу
              </button>
              {failure?.key === `rule-${index}` ? <ErrorLine message={failure.message} /> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What «Применить к правилу» asks before it changes the published timetable. */
function ruleQuestion(item: RuleRecommendation): string {
  const past =
    item.pastLessonCount > 0
      ? ` Правило задаёт занятия всего семестра, поэтому изменятся и уже прошедшие занятия (${item.pastLessonCount}) — в расписании и в нагрузке.`
      : '';
  // Mid-semester the body holds from tomorrow (issue 53): said, so the office knows the past stays.
  const from = item.rule.effectiveFrom ? ` Изменение действует с ${formatLongDate(item.rule.effectiveFrom)}, прошедшие занятия останутся как были.` : '';
  return (
    `Изменить правило №${item.scheduleRuleId} в опубликованном расписании? Все оставшиеся занятия (${item.changedLessonCount}) пройдут ${item.placeText}. ` +
    `Это сразу увидят студенты и преподаватели, а те, чьи занятия изменятся, получат уведомление.${from}${past}`
  );
}

/** «занятию», «занятиям» after a number (dative). */
function lessonsWord(count: number): string {
  return count % 10 === 1 && count % 100 !== 11 ? 'занятию' : 'занятиям';
}

function LessonRecommendations({
  recommendations,
  busy,
  failure,
  onApply,
}: {
  recommendations: Recommendation[];
  busy: boolean;
  failure?: { key: string; message: string };
  onApply: (item: Recommendation, index: number) => void;
}) {
  return (
    <ul class="recommendations">
      {recommendations.map((item, index) => (
        <li key={index} class="recommendation">
          <p>
            <strong>{item.title}</strong>
            {` — ${formatShortDate(item.date)}, ${formatTime(item.startTime)}–${formatTime(item.endTime)}, ${roomLabel(item.classroomName)}; оценка +${score(item.scoreDelta)}`}
          </p>
          {item.improvements.length ? <p>{`Лучше: ${item.improvements.join('; ')}`}</p> : null}
          {item.tradeOffs.length ? <p>{`Хуже: ${item.tradeOffs.join('; ')}`}</p> : null}
          <button type="button" class="primary" disabled={busy} onClick={() => onApply(item, index)}>
            Применить
          </button>
          {failure?.key === `lesson-${index}` ? <ErrorLine message={failure.message} /> : null}
        </li>
      ))}
    </ul>
  );
}
