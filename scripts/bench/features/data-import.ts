import ExcelJS from 'exceljs';
import { Client } from 'pg';
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { send, Target } from '../load';
import { BenchFeature, Timed } from '../scenario';
import { log } from '../settings';
import { samplesBelow } from '../verdicts';

/**
 * Import of a semester's rules from XLSX (issue 28): every active rule of the seeded autumn version
 * (10,080 with BENCH_SCALE=large) is written to a spreadsheet, one row per slot as the import template
 * has it, then imported into a new empty draft of the same semester: a dry run, then the real run. Both
 * create every rule through the rules' service with all the checks of 4.9. Timed once each. A rule
 * the rules feature changed from a date has a closed period and its continuation (issue 53): only its
 * current form (the rows still open at the end) goes into the file, as the template has no periods;
 * both would be one slot written twice, which the import rightly refuses.
 */
const HEADERS = ['№ правила', 'Дисциплина', 'Группы', 'Часы лекций', 'Часы практик', 'Часы лабораторных', 'Неделя начала лекций', 'Неделя начала практик',
  'Неделя начала лабораторных', 'День недели', 'Неделя', 'Пара', 'Вид занятия', 'Преподаватель', 'Аудитория', 'Формат', 'Подгруппы'];

interface SlotRow {
  ruleId: number;
  subject: string;
  groups: string;
  lecture: number;
  practice: number;
  laboratory: number;
  lectureStart: number;
  practiceStart: number;
  laboratoryStart: number;
  day: number;
  parity: string;
  pair: number;
  lessonType: string;
  teacher: string;
  classroom: string;
  format: string;
  subgroups: string | null;
}

async function rulesWorkbook(db: Client, versionId: number): Promise<{ file: Buffer; rules: number; rows: number }> {
  const { rows } = await db.query<SlotRow>(
    `SELECT r.id AS "ruleId", sj.name AS subject,
            (SELECT string_agg(g.name, '; ' ORDER BY g.id) FROM schedule_rule_groups rg JOIN study_groups g ON g.id = rg.group_id WHERE rg.rule_id = r.id) AS groups,
            r.lecture_hours AS lecture, r.practice_hours AS practice, r.laboratory_hours AS laboratory,
            r.lecture_start_week AS "lectureStart", r.practice_start_week AS "practiceStart", r.laboratory_start_week AS "laboratoryStart",
            s.day_of_week AS day, s.parity, ts.order_number AS pair, lt.name AS "lessonType", u.username AS teacher, c.name AS classroom,
            s.lesson_format AS format,
            (SELECT string_agg(sg.name, '; ' ORDER BY sg.id) FROM schedule_rule_slot_subgroups ss JOIN subgroups sg ON sg.id = ss.subgroup_id WHERE ss.slot_id = s.id) AS subgroups
       FROM schedule_rules r
       JOIN subjects sj ON sj.id = r.subject_id
       JOIN schedule_rule_slots s ON s.rule_id = r.id
       JOIN time_slots ts ON ts.id = s.time_slot_id
       JOIN lesson_types lt ON lt.id = s.lesson_type_id
       JOIN users u ON u.id = s.teacher_id
       JOIN classrooms c ON c.id = s.classroom_id
      WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' AND s.active_to IS NULL
      ORDER BY r.id, s.id`,
    [versionId],
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rules');
  sheet.addRow(HEADERS);
  for (const row of rows) {
    sheet.addRow([row.ruleId, row.subject, row.groups, row.lecture, row.practice, row.laboratory, row.lectureStart, row.practiceStart, row.laboratoryStart,
      row.day, row.parity, row.pair, row.lessonType, row.teacher, row.classroom, row.format, row.subgroups ?? '']);
  }
  return { file: Buffer.from(await workbook.xlsx.writeBuffer()), rules: new Set(rows.map((row) => row.ruleId)).size, rows: rows.length };
}

/** POSTs the file as the multipart field `file`. */
function upload(target: Target, path: string, file: Buffer): Promise<{ status: number; body: string }> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rules.xlsx"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const headers: Record<string, string | number> = {
    Host: target.host,
    'Content-Type': `multipart/form-data; boundary=${boundary}`,
    'Content-Length': body.length,
    Authorization: `Bearer ${target.token ?? ''}`,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: target.port, method: 'POST', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const dataImport: BenchFeature = {
  name: 'data-import',
  prepare({ seeded, target, db }) {
    const autumn = seeded.semesters.autumn;
    const timed = async (): Promise<Timed> => {
      const samples: Timed['samples'] = { dryRunMs: [], importMs: [] };
      const built = performance.now();
      const { file, rules, rows } = await rulesWorkbook(db, autumn.versionId);
      log(`  import file: ${rules} rules in ${rows} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB, built in ${(performance.now() - built).toFixed(0)} ms`);
      const draft = await send(target, { method: 'POST', path: '/api/edu-office/schedule/versions', body: { semesterId: autumn.id, name: 'Импорт из XLSX' } });
      if (draft.status !== 200) return { samples, failed: `draft answered ${draft.status}: ${draft.body.slice(0, 300)}` };
      const versionId = (JSON.parse(draft.body) as { id: number }).id;
      for (const [key, dryRun] of [['dryRunMs', true], ['importMs', false]] as const) {
        const started = performance.now();
        const answer = await upload(target, `/api/admin/import/rules?versionId=${versionId}&dryRun=${dryRun}`, file);
        const ms = performance.now() - started;
        if (answer.status !== 200) return { samples, failed: `${dryRun ? 'dry run' : 'import'} answered ${answer.status}: ${answer.body.slice(0, 400)}` };
        const summary = (JSON.parse(answer.body) as { summary: Record<string, number> }).summary;
        samples[key].push(ms);
        log(`  ${dryRun ? 'dry run' : 'import'} of ${rules} rules: ${ms.toFixed(0)} ms (${JSON.stringify(summary)})`);
      }
      return { samples };
    };
    return { timed };
  },
  verdicts: (m) => [
    samplesBelow('rules import from XLSX, dry run', m.timed('data-import'), 'dryRunMs', 30_000),
    samplesBelow('rules import from XLSX', m.timed('data-import'), 'importMs', 30_000),
  ],
};
