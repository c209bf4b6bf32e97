import { Client } from 'pg';
import { performance } from 'node:perf_hooks';
import { send, Target } from '../load';
import { BenchFeature, Timed, Verdict } from '../scenario';
import { log } from '../settings';
import { passFail, samplesBelow } from '../verdicts';

/** Students following their group by immediate e-mail when the followed publication runs (issue 26). */
const FOLLOWERS = 10_000;
/** How long the e-mail of one publication may take to reach the SMTP server (issue 26's target). */
const MAIL_LIMIT_MS = 60_000;
/** Publication with followers may be this much slower than without and still count as "unchanged". */
const NOISE = 1.25;

type Published = { ms: number; versionId: number } | { failed: string };

/**
 * Publication of a whole semester. First a draft copy of the published autumn version (about 3,200
 * rules) is published as it is: every rule re-validated (about 75,000 lessons) under the semester
 * lock. Then issue 26's question: does anyone following the timetable slow publication down? Two
 * more copies each lose one rule of every group (so every group's timetable changes) and are
 * published, the first with nobody following, the second after 10,000 students subscribed to their
 * groups' changes by immediate e-mail; then the time until the SMTP server has the last message.
 * It must stay last in the feature list, since it replaces the version the other scenarios use.
 */
export const publication: BenchFeature = {
  name: 'publication',
  prepare({ seeded, target, db, mail }) {
    const autumn = seeded.semesters.autumn;
    const timed = async (): Promise<Timed> => {
      const samples: Timed['samples'] = { publishMs: [], publishFromDateMs: [], withoutFollowersMs: [], withFollowersMs: [], mailMs: [] };
      // Issue 53, first (while the seeded one-off changes are the publication's): a copy that changes
      // every group, published from the middle of the semester; the draft takes over the past.
      const from = middleOf(autumn.startDate, autumn.endDate);
      const dated = await publishCopy(target, db, autumn.id, autumn.versionId, true, from);
      if ('failed' in dated) return { samples, failed: dated.failed };
      samples.publishFromDateMs = [dated.ms];
      log(`  publication of a copy that changes every group, from ${from}: ${dated.ms.toFixed(0)} ms`);

      const whole = await publishCopy(target, db, autumn.id, dated.versionId, false);
      if ('failed' in whole) return { samples, failed: whole.failed };
      samples.publishMs.push(whole.ms);
      log(`  publication of the ${autumn.ruleCount}-rule copy: ${whole.ms.toFixed(0)} ms`);

      // The students exist in both runs (a bigger users table is not what is measured); only the
      // subscriptions differ.
      await addStudents(db);
      const alone = await publishCopy(target, db, autumn.id, whole.versionId, true);
      if ('failed' in alone) return { samples, failed: alone.failed };
      samples.withoutFollowersMs.push(alone.ms);
      await waitForDelivery(db, 0); // the first changes' event is dispatched to nobody before followers arrive

      const followers = await subscribeStudents(db);
      const mailBefore = mail.count;
      const sentBefore = (await waitForDelivery(db, 0)) ?? 0;
      const followed = await publishCopy(target, db, autumn.id, alone.versionId, true);
      if ('failed' in followed) return { samples, failed: followed.failed };
      const publishedAt = performance.now();
      samples.withFollowersMs.push(followed.ms);
      const sentAfter = await waitForDelivery(db, MAIL_LIMIT_MS * 3);
      if (sentAfter === undefined) return { samples, failed: 'the e-mail of the publication was not handed over within three times the target' };
      const messages = mail.count - mailBefore;
      const sent = sentAfter - sentBefore;
      if (messages !== sent) return { samples, failed: `${sent} e-mails marked sent, but the SMTP server received ${messages}` };
      samples.mailMs.push(mail.lastAt - publishedAt);
      log(
        `  publication that changes every group: ${alone.ms.toFixed(0)} ms with nobody following, ${followed.ms.toFixed(0)} ms with ${followers} followers; ` +
          `${messages} e-mails handed to SMTP ${((mail.lastAt - publishedAt) / 1000).toFixed(1)} s after the answer`,
      );
      return { samples };
    };
    return { timed };
  },
  verdicts: (m) => [
    samplesBelow('publication of the whole autumn semester', m.timed('publication'), 'publishMs', 5000),
    samplesBelow('publication from a date (the past taken over)', m.timed('publication'), 'publishFromDateMs', 5000),
    followersCost(m.timed('publication')),
    samplesBelow(`e-mail of a publication to ${FOLLOWERS.toLocaleString('en')} followers handed to SMTP`, m.timed('publication'), 'mailMs', MAIL_LIMIT_MS),
  ],
};

/** The day halfway through a semester. */
function middleOf(start: string, end: string): string {
  const middle = (Date.parse(`${start}T00:00:00Z`) + Date.parse(`${end}T00:00:00Z`)) / 2;
  return new Date(middle).toISOString().slice(0, 10);
}

/**
 * Copies `basedOn` into a draft, optionally archives one rule of every group in it, and publishes it
 * (from `effectiveFrom` when given: the one-off changes that no longer fit, as validation lists them,
 * are dropped, as an office would decide).
 */
export async function publishCopy(target: Target, db: Client, semesterId: number, basedOn: number, changeEveryGroup: boolean, effectiveFrom?: string): Promise<Published> {
  const request = { semesterId, name: 'Копия для публикации', basedOnVersionId: basedOn };
  const copy = await send(target, { method: 'POST', path: '/api/edu-office/schedule/versions', body: request });
  if (copy.status !== 200) return { failed: `copy answered ${copy.status}: ${copy.body.slice(0, 300)}` };
  const draftId = (JSON.parse(copy.body) as { id: number }).id;
  if (changeEveryGroup) {
    const { rows } = await db.query<{ id: number }>(
      `SELECT DISTINCT rule_id AS id FROM (
         SELECT DISTINCT ON (g.group_id) g.rule_id FROM schedule_rule_groups g JOIN schedule_rules r ON r.id = g.rule_id
          WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' ORDER BY g.group_id, g.rule_id) firsts`,
      [draftId],
    );
    for (const { id } of rows) {
      const archived = await send(target, { method: 'DELETE', path: `/api/admin/schedule-rules/${id}` });
      if (archived.status !== 200) return { failed: `archiving a draft rule answered ${archived.status}: ${archived.body.slice(0, 300)}` };
    }
  }
  let overrideDecisions: { overrideId: number; decision: 'DROP' }[] = [];
  if (effectiveFrom) {
    const checked = await send(target, { method: 'GET', path: `/api/edu-office/schedule/versions/${draftId}/validate?effectiveFrom=${effectiveFrom}` });
    if (checked.status !== 200) return { failed: `validate answered ${checked.status}: ${checked.body.slice(0, 300)}` };
    const unmatched = (JSON.parse(checked.body) as { unmatchedOverrides?: { overrideId: number }[] }).unmatchedOverrides ?? [];
    overrideDecisions = unmatched.map((item) => ({ overrideId: item.overrideId, decision: 'DROP' }));
  }
  const body = effectiveFrom ? { reason: 'Замер', effectiveFrom, overrideDecisions } : { reason: 'Замер' };
  const started = performance.now();
  const published = await send(target, { method: 'POST', path: `/api/edu-office/schedule/versions/${draftId}/publish`, body });
  const ms = performance.now() - started;
  if (published.status !== 200) return { failed: `publish answered ${published.status}: ${published.body.slice(0, 300)}` };
  return { ms, versionId: draftId };
}

const FOLLOWER_PREFIX = 'follower';

/** FOLLOWERS students with e-mail addresses (no subscriptions yet). */
async function addStudents(db: Client): Promise<void> {
  await db.query(
    `INSERT INTO users (username, full_name, role, password_hash, email, status)
     SELECT $2 || i, 'Подписчик ' || i, 'STUDENT', (SELECT password_hash FROM users WHERE role = 'STUDENT' LIMIT 1), $2 || i || '@bench.example', 'ACTIVE'
       FROM generate_series(1, $1::int) i`,
    [FOLLOWERS, FOLLOWER_PREFIX],
  );
  await db.query('ANALYZE users');
}

/** Each of those students follows one group (spread over all groups) by immediate e-mail. */
async function subscribeStudents(db: Client): Promise<number> {
  const { rowCount } = await db.query(
    `WITH groups AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM study_groups),
          students AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE username LIKE $1 || '%')
     INSERT INTO notification_subscriptions (user_id, kind, target_id, channel, mode, horizon_days)
     SELECT s.id, 'GROUP', g.id, 'EMAIL', 'IMMEDIATE', 120 FROM students s JOIN groups g ON g.n = s.n % g.total`,
    [FOLLOWER_PREFIX],
  );
  await db.query('ANALYZE notification_subscriptions');
  return rowCount ?? 0;
}

/** Waits until every publication event is dispatched and no e-mail is pending; answers how many were sent (undefined: timed out). */
async function waitForDelivery(db: Client, timeoutMs: number): Promise<number | undefined> {
  const deadline = performance.now() + Math.max(timeoutMs, 30_000);
  let state = { undispatched: 0, pending: 0, sent: 0 };
  while (performance.now() < deadline) {
    const { rows } = await db.query<{ undispatched: number; pending: number; sent: number }>(
      `SELECT (SELECT count(*) FROM outbox_events WHERE dispatched_at IS NULL)::int AS undispatched,
              (SELECT count(*) FROM email_items WHERE status = 'PENDING')::int AS pending,
              (SELECT count(*) FROM email_items WHERE status = 'SENT')::int AS sent`,
    );
    state = rows[0];
    if (state.undispatched === 0 && state.pending === 0) return state.sent;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  log(`  delivery timed out: ${state.undispatched} event(s) undispatched, ${state.pending} e-mail(s) pending, ${state.sent} sent`);
  return undefined;
}

/** Issue 26: followers must not slow publication beyond the noise. */
function followersCost(timed: Timed | undefined): Verdict {
  const label = `publication with ${FOLLOWERS.toLocaleString('en')} followers / without <= ${NOISE}`;
  if (!timed) return { label, status: 'SKIPPED', detail: 'not selected (BENCH_ONLY)' };
  const [without] = timed.samples.withoutFollowersMs ?? [];
  const [withFollowers] = timed.samples.withFollowersMs ?? [];
  if (without === undefined || withFollowers === undefined) return { label, status: 'NOT MEASURED', detail: timed.failed ?? 'no samples' };
  const ratio = withFollowers / without;
  return { label, status: passFail(ratio <= NOISE), detail: `${ratio.toFixed(2)} (${without.toFixed(0)} ms, then ${withFollowers.toFixed(0)} ms)` };
}
