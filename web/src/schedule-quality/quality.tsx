// /admin/#quality: the quality of a schedule version (spec 4.12). The score, each metric with its
// penalty and explanation, the problems (each opening its rule, and for the published version its
// lesson's checked recommendations). A recommendation is applied with one click through the ordinary
// one-off change creation; the report is then asked again and the score before and after is shown.
import { useState } from 'preact/hooks';
import { api, data, type Schemas } from '../api/client';
import { formatShortDate, formatTime } from '../shared/dates';
import { messageOf } from '../shared/errors';
import { DataTable } from '../shared/table';
import { ErrorLine, Status, useLoad } from '../shared/ui';
import { useVersionChoice, VersionChoiceFields, type Version } from '../shared/version-choice';

type Report = Schemas['QualityReportResponse'];
type Problem = Schemas['QualityProblemResponse'];
type Recommendation = Schemas['RecommendationResponse'];

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
                      {`Рекомендации для занятия ${formatShortDate(problem.lessonDate)}`}
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
      <p class="hint">{`Занятий в семестре: ${report.lessonCount}; сумма штрафов: ${score(report.rawPenalty)}. Чем меньше штрафов на занятие, тем выше оценка.`}</p>
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
  const answer = useLoad(
    () =>
      data(
        api.GET('/api/edu-office/schedule/quality/recommendations', {
          params: { query: { semesterId, versionId: version.id, scheduleRuleSlotId: problem.scheduleRuleSlotId, lessonDate: problem.lessonDate } },
        }),
      ),
    [problem.id],
  );
  const [failure, setFailure] = useState<{ index: number; message: string }>();
  const [busy, setBusy] = useState(false);

  async function apply(recommendation: Recommendation, index: number) {
    setBusy(true);
    setFailure(undefined);
    try {
      const change = await data(api.POST('/api/edu-office/schedule/overrides', { body: recommendation.override }));
      onApplied(`Применено: ${recommendation.title} (разовое изменение №${change.id}).`);
    } catch (error) {
      setFailure({ index, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  if (answer.state === 'loading') return <Status>Поиск улучшений…</Status>;
  if (answer.state === 'error') return <ErrorLine message={answer.message} />;
  const { recommendations } = answer.data;
  if (!answer.data.available) return <p class="hint">{answer.data.unavailableReason ?? 'Для этого занятия рекомендаций нет.'}</p>;
  if (recommendations.length === 0) return <p class="hint">{`Проверено вариантов: ${answer.data.checkedCandidateCount}; ни один не улучшает расписание.`}</p>;
  return (
    <ul class="recommendations">
      {recommendations.map((item, index) => (
        <li key={index} class="recommendation">
          <p>
            <strong>{item.title}</strong>
            {` — ${formatShortDate(item.date)}, ${formatTime(item.startTime)}–${formatTime(item.endTime)}, ауд. ${item.classroomName}; оценка +${score(item.scoreDelta)}`}
          </p>
          {item.improvements.length ? <p>{`Лучше: ${item.improvements.join('; ')}`}</p> : null}
          {item.tradeOffs.length ? <p>{`Хуже: ${item.tradeOffs.join('; ')}`}</p> : null}
          <button type="button" class="primary" disabled={busy} onClick={() => void apply(item, index)}>
            Применить
          </button>
          {failure?.index === index ? <ErrorLine message={failure.message} /> : null}
        </li>
      ))}
    </ul>
  );
}
