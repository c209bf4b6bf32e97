import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { TenantDb } from '../../platform/database/tenant-db';
import { currentTenant } from '../../platform/tenancy/tenant-context';
import { unsubscribeToken } from '../unsubscribe-token';

/** Messages sent per round and tenant; the rest wait for the next round (a second apart). */
const MESSAGES_PER_ROUND = 50;
/** After this many failed attempts an item is given up (FAILED) and logged. */
const MAX_ATTEMPTS = 8;

interface DueItem {
  id: string;
  subscriptionId: number;
  title: string;
  body: string;
  email: string | null;
  attempts: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Hands due e-mail items to the SMTP server (`SMTP_URL`), one message per recipient with every change
 * due for them (an immediate change arrives within a round; a digest's items become due together at
 * its time). A recipient's items are claimed with FOR UPDATE SKIP LOCKED and marked sent in the same
 * transaction, so two instances never send the same item; a crash between the hand-over and the
 * commit sends it again (at least once). A refusal is retried with a growing delay.
 */
@Injectable()
export class MailSender implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: TenantDb,
  ) {
    const url = config.notifications.smtpUrl;
    if (url) this.transport = createTransport(url);
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  /** Sends up to a round's messages of the current tenant; answers how many went out. */
  async sendDue(): Promise<number> {
    if (!this.transport) return 0;
    let sent = 0;
    for (let round = 0; round < MESSAGES_PER_ROUND; round++) {
      const outcome = await this.sendOne();
      if (outcome === 'none') break;
      if (outcome === 'sent') sent++;
    }
    return sent;
  }

  private sendOne(): Promise<'none' | 'sent' | 'failed'> {
    return this.db.transaction(async () => {
      const [next] = await this.db.query<{ userId: number }>(
        `SELECT user_id AS "userId" FROM email_items WHERE status = 'PENDING' AND send_after <= now() ORDER BY send_after, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (!next) return 'none';
      const items = await this.db.query<DueItem>(
        `SELECT i.id, i.subscription_id AS "subscriptionId", i.title, i.body, u.email, i.attempts
           FROM email_items i JOIN users u ON u.id = i.user_id
          WHERE i.user_id = $1 AND i.status = 'PENDING' AND i.send_after <= now()
          ORDER BY i.event_id FOR UPDATE OF i SKIP LOCKED`,
        [next.userId],
      );
      const ids = items.map((item) => item.id);
      const address = items[0]?.email;
      if (!address) {
        // The address was removed after the change: nothing to send to.
        await this.db.query(`UPDATE email_items SET status = 'FAILED', attempts = attempts + 1 WHERE id = ANY($1::bigint[])`, [ids]);
        return 'failed';
      }
      try {
        await (this.transport as Transporter).sendMail(this.message(address, items));
      } catch (error) {
        const attempts = Math.max(...items.map((item) => item.attempts)) + 1;
        const giveUp = attempts >= MAX_ATTEMPTS;
        await this.db.query(
          `UPDATE email_items SET attempts = attempts + 1, status = CASE WHEN $2 THEN 'FAILED' ELSE status END,
                  send_after = now() + make_interval(secs => $3) WHERE id = ANY($1::bigint[])`,
          [ids, giveUp, 30 * 2 ** attempts],
        );
        this.logger.warn(`${currentTenant().tenantKey}: an e-mail of ${items.length} change(s) was refused by the mail server (${(error as { code?: string }).code ?? 'error'}), attempt ${attempts}${giveUp ? ', given up' : ''}`);
        return 'failed';
      }
      await this.db.query(`UPDATE email_items SET status = 'SENT', sent_at = now(), attempts = attempts + 1 WHERE id = ANY($1::bigint[])`, [ids]);
      return 'sent';
    });
  }

  /** One message for all of a recipient's due changes: text and HTML, with the unsubscribe link of the first change's subscription. */
  private message(address: string, items: DueItem[]) {
    const tenant = currentTenant();
    const token = unsubscribeToken(this.config.jwt.secret as string, tenant.databaseId ?? tenant.tenantKey, items[0].subscriptionId);
    const unsubscribe = `${this.config.notifications.publicUrl.replace('{domain}', tenant.tenantKey)}/api/notifications/unsubscribe?token=${token}`;
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
