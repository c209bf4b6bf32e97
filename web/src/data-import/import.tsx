// /admin/#import «Импорт» (issue 28): a university's spreadsheets into the service. Choose what is
// loaded (and, for rules, the semester and version), download its XLSX template, pick a filled-in file,
// «Проверить» (a dry run: the report says per row what would happen, nothing is written), then
// «Загрузить» for real. A refused file or run keeps the chosen file and shows the report or the reason.
// Rules go into the newest draft by default; into the published version only after «Изменить
// опубликованное расписание» and its confirmation (issue 45 §2), and then from «Действует с» (issue 53):
// the imported rules have no lessons before that date.
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, data, type Role, type Schemas } from '../api/client';
import { CsvLink } from '../shared/csv';
import { Dialog } from '../shared/dialog';
import { messageOf } from '../shared/errors';
import { Field } from '../shared/form';
import { useMe } from '../shared/session';
import { DataTable } from '../shared/table';
import { ErrorLine, LongOperation, Status } from '../shared/ui';
import { PublishedLock, usePublishedLock } from '../shared/published-lock';
import { useVersionChoice, VersionChoiceFields } from '../shared/version-choice';
import { apiField } from '../shared/field-errors';
import { changesPast, defaultEffectiveFrom, EffectiveFromField, pastQuestion, type SemesterDays } from '../schedule-rules';

type Report = Schemas['ImportReport'];
type Kind = Report['kind'];
type RowReport = Schemas['ImportRowReport'];

const KINDS: { kind: Kind; title: string; roles: readonly Role[] }[] = [
  { kind: 'departments', title: 'Кафедры', roles: ['ADMIN'] },
  { kind: 'users', title: 'Пользователи', roles: ['ADMIN'] },
  { kind: 'users', title: 'Заявки на преподавателей', roles: ['DEPARTMENT'] },
  { kind: 'groups', title: 'Группы и подгруппы', roles: ['ADMIN', 'EDUCATION_OFFICE'] },
  { kind: 'classrooms', title: 'Аудитории и оборудование', roles: ['ADMIN', 'EDUCATION_OFFICE'] },
  { kind: 'subjects', title: 'Дисциплины', roles: ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT'] },
  { kind: 'teacher-subjects', title: 'Преподаватели и дисциплины', roles: ['ADMIN', 'EDUCATION_OFFICE'] },
  { kind: 'rules', title: 'Правила расписания', roles: ['ADMIN', 'EDUCATION_OFFICE'] },
];

const STATUS_NAMES: Record<RowReport['status'], [dryRun: string, done: string]> = {
  CREATED: ['Будет создана', 'Создана'],
  UPDATED: ['Будет изменена', 'Изменена'],
  UNCHANGED: ['Без изменений', 'Без изменений'],
  REFUSED: ['Отклонена', 'Отклонена'],
};

/** The report a refused real run answers with (400 carries it in place of the common body). */
function reportOf(error: unknown): Report | undefined {
  const body = error instanceof ApiError ? (error.body as Partial<Report> | undefined) : undefined;
  return body && Array.isArray(body.rows) && body.summary ? (body as Report) : undefined;
}

export default function DataImport() {
  const me = useMe();
  const kinds = KINDS.filter((item) => item.roles.includes(me.role));
  const [kind, setKind] = useState<Kind>(kinds[0]?.kind ?? 'subjects');
  const [versionId, setVersionId] = useState<number>();
  const [versionLocked, setVersionLocked] = useState(false);
  // The published version's semester (its rules are imported from a date), else nothing.
  const [semester, setSemester] = useState<SemesterDays>();
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [dateError, setDateError] = useState<string>();
  const [pastAgreed, setPastAgreed] = useState<string>();
  const [askingPast, setAskingPast] = useState<boolean>();
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState<'dry' | 'real' | 'template'>();
  const [report, setReport] = useState<Report>();
  const [fileError, setFileError] = useState<string>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const title = kinds.find((item) => item.kind === kind)?.title ?? kind;

  const reset = () => (setReport(undefined), setOutcome(undefined), setFileError(undefined));

  async function downloadTemplate() {
    setBusy('template');
    try {
      const blob = await data(api.GET('/api/admin/import/{kind}/template', { params: { path: { kind } }, parseAs: 'blob' }));
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `Шаблон — ${title}.xlsx`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      setFileError(messageOf(error));
    } finally {
      setBusy(undefined);
    }
  }

  async function send(dryRun: boolean, agreed = pastAgreed) {
    if (!file) {
      setFileError('Выберите файл XLSX или CSV');
      return;
    }
    const dated = kind === 'rules' && semester !== undefined;
    if (dated) {
      if (!effectiveFrom) return setDateError('Укажите, с какой даты действуют правила');
      // Asked once per date: the check and the load that follows it need no second answer.
      if (changesPast(effectiveFrom, semester) && agreed !== effectiveFrom) return setAskingPast(dryRun);
    }
    setDateError(undefined);
    setBusy(dryRun ? 'dry' : 'real');
    setFileError(undefined);
    setOutcome(undefined);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await data(
        api.POST('/api/admin/import/{kind}', {
          params: { path: { kind }, query: { dryRun, versionId: kind === 'rules' ? versionId : undefined, effectiveFrom: dated ? effectiveFrom : undefined } },
          body: form as never,
          bodySerializer: (body: unknown) => body as FormData,
        }),
      );
      setReport(answer);
      if (!dryRun) setOutcome({ ok: true, text: `Загружено: создано ${answer.summary.created}, изменено ${answer.summary.updated}, без изменений ${answer.summary.unchanged}` });
    } catch (error) {
      const refused = reportOf(error);
      if (refused) {
        setReport(refused);
        setOutcome({ ok: false, text: messageOf(error) });
      } else if (dated && apiField(error) === 'effectiveFrom') setDateError(messageOf(error));
      else setFileError(messageOf(error));
    } finally {
      setBusy(undefined);
    }
  }

  const refusedRows = report?.summary.refused ?? 0;
  const rulesLocked = kind === 'rules' && versionLocked;
  const checked = report?.dryRun === true && refusedRows === 0;
  return (
    <>
      <h1 id="page-title">Импорт</h1>
      <p class="hint">
        Загрузка данных из таблиц: скачайте шаблон, заполните его (или свою таблицу с теми же заголовками) и проверьте файл — проверка ничего не записывает.
        Загрузка выполняется целиком или не выполняется вовсе.
      </p>
      <div class="inline-form">
        <div class="field">
          <label for="import-kind">Что загружаем</label>
          <select
            id="import-kind"
            value={kinds.findIndex((item) => item.kind === kind)}
            onChange={(event) => (setKind(kinds[Number(event.currentTarget.value)].kind), reset())}
          >
            {kinds.map((item, index) => (
              <option key={item.title} value={index}>
                {item.title}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => void downloadTemplate()} disabled={busy !== undefined}>
          Скачать шаблон
        </button>
      </div>
      {kind === 'rules' ? (
        <RulesVersion
          onChoose={(id, locked, published) => {
            setVersionId(id);
            setVersionLocked(locked);
            setSemester(published);
            setEffectiveFrom(published ? defaultEffectiveFrom(published) : '');
            setDateError(undefined);
            reset();
          }}
        />
      ) : null}
      {kind === 'rules' && semester && !versionLocked ? (
        <div class="inline-form">
          <EffectiveFromField value={effectiveFrom} semester={semester} error={dateError} onChange={(date) => (setEffectiveFrom(date), setDateError(undefined), reset())} />
        </div>
      ) : null}
      <Dialog title="Изменить прошедшие занятия?" open={askingPast !== undefined} onClose={() => setAskingPast(undefined)}>
        {askingPast !== undefined ? <p>{pastQuestion(effectiveFrom)}</p> : null}
        <div class="row-actions">
          <button type="button" class="primary" onClick={() => (setPastAgreed(effectiveFrom), setAskingPast(undefined), void send(askingPast ?? true, effectiveFrom))}>
            Да, изменить и прошедшие
          </button>
          <button type="button" onClick={() => setAskingPast(undefined)}>
            Нет, выбрать другую дату
          </button>
        </div>
      </Dialog>
      <Field
        label="Файл XLSX или CSV"
        hint="До 20 МБ и 100 000 строк. CSV — в UTF-8 или Windows-1251, через «;» или «,»."
        error={fileError}
        control={(props) => (
          <input
            {...props}
            type="file"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            onChange={(event) => (setFile(event.currentTarget.files?.[0]), reset())}
          />
        )}
      />
      <div class="row-actions">
        <button type="button" onClick={() => void send(true)} disabled={busy !== undefined || rulesLocked}>
          Проверить
        </button>
        <button type="button" class="primary" onClick={() => void send(false)} disabled={busy !== undefined || !checked || rulesLocked}>
          Загрузить
        </button>
      </div>
      {report?.dryRun && refusedRows > 0 ? <ErrorLine message={`Отклонено строк: ${refusedRows}. Исправьте их в файле и проверьте снова — загрузка возможна, когда отклонённых строк нет.`} /> : null}
      {busy === 'dry' || busy === 'real' ? <LongOperation label={busy === 'dry' ? 'Проверка файла…' : 'Загрузка…'} /> : null}
      {outcome ? (outcome.ok ? <Status>{outcome.text}</Status> : <ErrorLine message={outcome.text} />) : null}
      {report ? <ReportView report={report} /> : null}
    </>
  );
}

/**
 * The semester and version rules go into (loaded only when rules are chosen: other roles may not read
 * versions): the newest draft first; the published one locked until its change is confirmed.
 */
function RulesVersion({ onChoose }: { onChoose: (versionId: number | undefined, locked: boolean, published: SemesterDays | undefined) => void }) {
  const choice = useVersionChoice({ preferDraft: true });
  const lock = usePublishedLock(choice.version);
  const published = choice.version?.status === 'PUBLISHED' ? choice.semester : undefined;
  useEffect(() => onChoose(choice.versionId, lock.locked, published), [choice.versionId, lock.locked, published?.startDate]);
  return (
    <>
      <VersionChoiceFields choice={choice} />
      <PublishedLock choice={choice} locked={lock.locked} onUnlock={lock.unlock} action="загрузка правил" dated />
    </>
  );
}

function ReportView({ report }: { report: Report }) {
  const { summary } = report;
  const dryRun = report.dryRun;
  const name = (status: RowReport['status']) => STATUS_NAMES[status][dryRun ? 0 : 1];
  return (
    <section aria-label="Отчёт об импорте">
      <h2>{dryRun ? 'Результат проверки' : 'Результат загрузки'}</h2>
      <p>{`${dryRun ? 'Будет создано' : 'Создано'}: ${summary.created}; ${dryRun ? 'будет изменено' : 'изменено'}: ${summary.updated}; без изменений: ${summary.unchanged}; отклонено: ${summary.refused}.`}</p>
      <DataTable<RowReport>
        caption="Строки файла"
        rows={{ state: 'done', data: report.rows }}
        rowKey={(row) => row.row}
        filterText={(row) => `${row.row} ${name(row.status)} ${row.column ?? ''} ${row.message ?? ''}`}
        pageSize={50}
        empty="В файле нет строк с данными."
        columns={[
          { title: 'Строка', cell: (row) => row.row, compare: (a, b) => a.row - b.row },
          { title: 'Итог', cell: (row) => name(row.status), compare: (a, b) => a.status.localeCompare(b.status) },
          { title: 'Столбец', cell: (row) => row.column ?? '' },
          { title: 'Причина', cell: (row) => row.message ?? '' },
        ]}
      />
      {!dryRun && report.credentials && report.credentials.length > 0 ? (
        <>
          <h2>Разовые пароли новых пользователей</h2>
          <p class="notice notice-info">
            Пароли показываются один раз: скачайте их и передайте каждому пользователю лично. При первом входе пользователь меняет пароль на свой.
          </p>
          <CsvLink name="Разовые пароли" header={['Строка', 'Логин', 'Разовый пароль']} rows={report.credentials.map((item) => [item.row, item.username, item.oneTimePassword])} />
        </>
      ) : null}
    </section>
  );
}
