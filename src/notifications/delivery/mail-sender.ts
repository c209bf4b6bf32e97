import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { int, nullable, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { clock } from '../../platform/http/dates';
import { publicOrigin } from '../../platform/http/public-address';
import { currentTenant } from '../../platform/tenancy/tenant-context';
import { UserNames } from '../../users';
import { ownLessonsToken, unsubscribeToken } from '../unsubscribe-token';

/**
 * A round hands over messages of one tenant for at most this long, then the worker moves on to the
 * next tenant (and webhooks); the rest go in the next round. A publication that changes the lessons of
 * ten thousand followers is sent within a minute (measured in `npm run bench:schedule`).
 */
const ROUND_BUDGET_MS = 2_000;
/** SMTP connections of the pool: a batch's messages go out over them at once. */
const SMTP_CONNECTIONS = 4;
/** How long the mail server may take to connect, greet or answer before a message counts as refused. */
const SMTP_TIMEOUT_MS = 10_000;
/** A batch's claim may wait this long between statements (a connect, a greeting and a message, with room). */
const CLAIM_IDLE_SECONDS = 45;
/** Class of the advisory locks that give one sender a recipient's due items (see `sendBatch`). */
const EMAIL_RECIPIENT_LOCK = 4926;
/** Due items looked at per batch: their recipients not held by another sender make the batch. */
const CANDIDATE_ITEMS = 24;
/** After this many failed attempts an item is given up (FAILED) and logged. */
const MAX_ATTEMPTS = 8;

type Outcome = 'sent' | 'refused' | 'no-address';

const RECIPIENT = rowShape({ userId: int });
/** A due item with its recipient's address (none when it was removed after the change). */
const DUE_ITEM = rowShape({ id: int, userId: int, subscriptionId: nullable(int), title: text, body: text, attempts: int });
type DueItem = RowType<typeof DUE_ITEM> & { email: string | null };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Hands due e-mail items to the SMTP server (`SMTP_URL`), one message per recipient with every change
 * due for them (an immediate change arrives within a round; a digest's items become due together at
 * its time). A recipient is claimed with a lock on the user, their items with FOR UPDATE, and marked sent in the same
 * transaction, so two instances never send the same item; a crash between the hand-over and the
 * commit sends it again (at least once). A refusal is retried with a growing delay.
 */
@Injectable()
export class MailSender implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport?: Transporter;
  private stopping = false;
  private sending?: Promise<unknown>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: TenantDb,
    private readonly users: UserNames,
  ) {
    const url = config.notifications.smtpUrl;
    // Pooled: the connection (and its TLS handshake and login) is reused from message to message.
    // Bounded waits: a batch's claim stays open while its messages are handed over (see sendBatch).
    if (url) {
      // Nodemailer is loaded only where e-mail is configured.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { createTransport } = require('nodemailer') as typeof import('nodemailer');
      this.transport = createTransport({
        url,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      });
    }
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  /** Stops taking new messages, lets those in flight finish (their items commit as sent), then hangs up. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.sending;
    this.transport?.close();
  }

  /** Sends the current tenant's due messages for up to a round's budget; answers how many went out. */
  async sendDue(): Promise<number> {
    if (!this.transport || this.stopping) return 0;
    const until = Date.now() + ROUND_BUDGET_MS;
    let sent = 0;
    const work = async () => {
      while (Date.now() < until && !this.stopping) {
        const batch = await this.sendBatch();
        if (batch === undefined) return;
        sent += batch;
      }
    };
    this.sending = work();
    await this.sending;
    return sent;
  }

  /**
   * Claims up to a batch of recipients (each as a whole: a transaction-scoped lock on the user, so all
   * of their due items go into one message while other senders, on other instances, run beside it),
   * hands their messages to the SMTP pool at once and records each outcome in the same transaction.
   * Answers how many went out, or undefined when nothing was due.
   */
  private sendBatch(): Promise<number | undefined> {
    return this.db.transaction(async () => {
      // The claim is held while the mail server answers, longer than the pool's idle-in-transaction
      // limit allows a request; a hung server still ends within the SMTP timeouts.
      await this.db.execute(`SET LOCAL idle_in_transaction_session_timeout = '${CLAIM_IDLE_SECONDS}s'`);
      // Locks are tried on the first due items only (a lock in the WHERE of the whole queue would be
      // tried on every pending row before the sort). Due by the service's clock, the one that set the
      // digest hours (so a test can stand at a university's 07:00).
      const now = clock.now().toISOString();
      const claimed = await this.db.rows(RECIPIENT,
        `WITH due AS MATERIALIZED (
           SELECT user_id FROM email_items WHERE status = 'PENDING' AND send_after <= $3::timestamptz ORDER BY send_after, id LIMIT $2)
         SELECT DISTINCT user_id AS "userId" FROM due WHERE pg_try_advisory_xact_lock($1, user_id)`,
        [EMAIL_RECIPIENT_LOCK, CANDIDATE_ITEMS, now],
      );
      if (claimed.length === 0) return undefined;
      const items = await this.db.rows(DUE_ITEM,
        `SELECT i.id, i.user_id AS "userId", i.subscription_id AS "subscriptionId", i.title, i.body, i.attempts
           FROM email_items i
          WHERE i.user_id = ANY($1::int[]) AND i.status = 'PENDING' AND i.send_after <= $2::timestamptz
          ORDER BY i.user_id, i.event_id FOR UPDATE OF i SKIP LOCKED`,
        [claimed.map((row) => row.userId), now],
      );
      // Addresses as they are now, from the users feature, for the recipients the claim got.
      const contacts = await this.users.contacts(items.map((item) => item.userId));
      const byRecipient = new Map<number, DueItem[]>();
      for (const item of items) {
        const due = { ...item, email: contacts.get(item.userId)?.email ?? null };
        byRecipient.set(item.userId, [...(byRecipient.get(item.userId) ?? []), due]);
      }
      const outcomes = await Promise.all([...byRecipient.values()].map((recipientItems) => this.handOver(recipientItems)));
      const idsOf = (outcome: Outcome) => outcomes.flatMap((result) => (result.outcome === outcome ? result.ids : []));
      await this.db.execute(`UPDATE email_items SET status = 'SENT', sent_at = now(), attempts = attempts + 1 WHERE id = ANY($1::bigint[])`, [idsOf('sent')]);
      // The address was removed after the change: nothing to send to.
      await this.db.execute(`UPDATE email_items SET status = 'FAILED', attempts = attempts + 1 WHERE id = ANY($1::bigint[])`, [idsOf('no-address')]);
      for (const refused of outcomes.filter((result) => result.outcome === 'refused')) {
        const attempts = Math.max(...refused.attempts) + 1;
        const giveUp = attempts >= MAX_ATTEMPTS;
        await this.db.execute(
          `UPDATE email_items SET attempts = attempts + 1, status = CASE WHEN $2 THEN 'FAILED' ELSE status END,
                  send_after = now() + make_interval(secs => $3) WHERE id = ANY($1::bigint[])`,
          [refused.ids, giveUp, 30 * 2 ** attempts],
        );
        this.logger.warn(
          `${currentTenant().tenantKey}: an e-mail of ${refused.ids.length} change(s) was refused by the mail server (${refused.code}), attempt ${attempts}${giveUp ? ', given up' : ''}`,
        );
      }
      return outcomes.filter((result) => result.outcome === 'sent').length;
    });
  }

  /** One recipient's message to the SMTP server; what happened to it. */
  private async handOver(items: DueItem[]): Promise<{ outcome: Outcome; ids: number[]; attempts: number[]; code?: string }> {
    const ids = items.map((item) => item.id);
    const attempts = items.map((item) => item.attempts);
    const address = items[0].email;
    if (!address) return { outcome: 'no-address', ids, attempts };
    try {
      await (this.transport as Transporter).sendMail(this.message(address, items));
      return { outcome: 'sent', ids, attempts };
    } catch (error) {
      return { outcome: 'refused', ids, attempts, code: (error as { code?: string }).code ?? 'error' };
    }
  }

  /** One message for all of a recipient's due changes: text and HTML, with the unsubscribe link of the first change's subscription. */
  private message(address: string, items: DueItem[]) {
    const tenant = currentTenant();
    const key = [this.config.jwt.secret as string, tenant.databaseId ?? tenant.tenantKey] as const;
    // An own-lessons item (issue 45 §3) has no subscription: its link turns those e-mails off.
    const first = items[0];
    const token = first.subscriptionId === null ? ownLessonsToken(...key, first.userId) : unsubscribeToken(...key, first.subscriptionId);
    const unsubscribe = `${publicOrigin(this.config, tenant.tenantKey)}/api/notifications/unsubscribe?token=${token}`;
    const subject = items.length === 1 ? items[0].title : `Изменения в расписании: ${items.length}`;
    const text = [
      ...items.flatMap((item) => [item.title, item.body, '']),
      `Отписаться от этих уведомлений: ${unsubscribe}`,
    ].join('\n');
    const html =
      items.map((item) => `<h2 style="font-size:1.1em">${escapeHtml(item.title)}</h2><p>${item.body.split('\n').map(escapeHtml).join('<br>')}</p>`).join('') +
      `<p style="color:#555;font-size:.9em"><a href="${escapeHtml(unsubscribe)}">Отписаться от этих уведомлений</a></p>`;
    return {
      from: this.config.notifications.smtpFrom,
      to: address,
      subject,
      text,
      html,
      list: { unsubscribe },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }
}
