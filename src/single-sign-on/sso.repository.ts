import { Injectable } from '@nestjs/common';
import { ROLES } from '../platform/auth/roles';
import { bool, int, listOf, nullable, object, oneOf, rowShape, RowType, text, timestamp, ValueOf } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { SsoLinkResponse } from './sso.dto';

const ROLE_MAPPING = object({ value: text, role: oneOf(...ROLES) });
export type RoleMapping = ValueOf<typeof ROLE_MAPPING>;

/** The tenant's stored settings; the secret only sealed (see SecretBox). */
const STORED_SETTINGS = rowShape({
  enabled: bool,
  issuerUrl: text,
  clientId: text,
  clientSecretSealed: text,
  displayName: text,
  usernameClaim: text,
  rolesClaim: nullable(text),
  roleMapping: listOf(ROLE_MAPPING),
  emailDomains: listOf(text),
  createUsers: bool,
  passwordLoginAllowed: bool,
  endSessionUrl: nullable(text),
  updatedAt: timestamp,
});
export type StoredSettings = RowType<typeof STORED_SETTINGS>;

/** A login attempt as taken back, and whether it was still live. */
const TAKEN_ATTEMPT = rowShape({ browserHash: text, nonce: text, codeVerifier: text, redirectUri: text, live: bool });
export type LoginAttempt = Omit<RowType<typeof TAKEN_ATTEMPT>, 'live'>;

const RECENT_STARTS = rowShape({ count: int, retryAfter: int });

const LINK = rowShape({ userId: int, issuer: nullable(text), subject: nullable(text), externalName: nullable(text) });
export type Link = RowType<typeof LINK>;

const SETTINGS_COLUMNS = `enabled, issuer_url AS "issuerUrl", client_id AS "clientId", client_secret_sealed AS "clientSecretSealed",
  button_text AS "displayName", username_claim AS "usernameClaim", roles_claim AS "rolesClaim", role_mapping AS "roleMapping",
  email_domains AS "emailDomains", create_users AS "createUsers", password_login_allowed AS "passwordLoginAllowed",
  end_session_url AS "endSessionUrl", updated_at AS "updatedAt"`;

/** The only place that talks SQL about single sign-on. */
@Injectable()
export class SsoRepository {
  constructor(private readonly db: TenantDb) {}

  async settings(): Promise<StoredSettings | undefined> {
    return (await this.db.rows(STORED_SETTINGS, `SELECT ${SETTINGS_COLUMNS} FROM sso_settings`))[0];
  }

  async saveSettings(settings: Omit<StoredSettings, 'updatedAt'>, updatedBy: number): Promise<StoredSettings> {
    const [row] = await this.db.rows(STORED_SETTINGS,
      `INSERT INTO sso_settings (id, enabled, issuer_url, client_id, client_secret_sealed, button_text, username_claim, roles_claim,
                                 role_mapping, email_domains, create_users, password_login_allowed, end_session_url, updated_by, updated_at)
       VALUES (true, $1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, now())
       ON CONFLICT (id) DO UPDATE SET enabled = EXCLUDED.enabled, issuer_url = EXCLUDED.issuer_url, client_id = EXCLUDED.client_id,
         client_secret_sealed = EXCLUDED.client_secret_sealed, button_text = EXCLUDED.button_text, username_claim = EXCLUDED.username_claim,
         roles_claim = EXCLUDED.roles_claim, role_mapping = EXCLUDED.role_mapping, email_domains = EXCLUDED.email_domains,
         create_users = EXCLUDED.create_users, password_login_allowed = EXCLUDED.password_login_allowed,
         end_session_url = EXCLUDED.end_session_url, updated_by = EXCLUDED.updated_by, updated_at = clock_timestamp()
       RETURNING ${SETTINGS_COLUMNS}`,
      [
        settings.enabled,
        settings.issuerUrl,
        settings.clientId,
        settings.clientSecretSealed,
        settings.displayName,
        settings.usernameClaim,
        settings.rolesClaim,
        JSON.stringify(settings.roleMapping),
        settings.emailDomains,
        settings.createUsers,
        settings.passwordLoginAllowed,
        settings.endSessionUrl,
        updatedBy,
      ],
    );
    return row;
  }

  // ---- login attempts: single use, bound to a browser, expiring ----

  /**
   * Stores a started sign-in unless its client address started `perMinute` others within the last
   * minute: then nothing is stored and the answer is the seconds until the oldest of them leaves the
   * minute. Beyond `cap` stored attempts the oldest are dropped (all stored ones are unfinished: a
   * finished or refused one is taken out at its callback), so anonymous starts cannot fill the table.
   */
  async saveAttempt(stateHash: string, attempt: LoginAttempt, limits: { addressHash: string | null; perMinute: number; cap: number; ttlSeconds: number }): Promise<number> {
    return this.db.transaction(async () => {
      // Expired attempts of abandoned logins go with the next login, so the table stays small.
      await this.db.execute(`DELETE FROM sso_login_attempts WHERE expires_at < now()`);
      if (limits.addressHash !== null) {
        const [recent] = await this.db.rows(RECENT_STARTS,
          `SELECT count(*)::int AS count,
                  coalesce(ceil(extract(epoch FROM min(created_at) + interval '1 minute' - now())), 0)::int AS "retryAfter"
             FROM sso_login_attempts WHERE address_hash = $1 AND created_at > now() - interval '1 minute'`,
          [limits.addressHash],
        );
        if (recent.count >= limits.perMinute) return Math.max(1, recent.retryAfter);
      }
      await this.db.execute(
        `INSERT INTO sso_login_attempts (state_hash, browser_hash, nonce, code_verifier, redirect_uri, expires_at, address_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7, clock_timestamp())`,
        [stateHash, attempt.browserHash, attempt.nonce, attempt.codeVerifier, attempt.redirectUri, limits.ttlSeconds, limits.addressHash],
      );
      await this.db.execute(
        `DELETE FROM sso_login_attempts WHERE state_hash IN (
           SELECT state_hash FROM sso_login_attempts ORDER BY created_at DESC, state_hash OFFSET $1)`,
        [limits.cap],
      );
      return 0;
    });
  }

  /** Removes the attempt and returns it when it was live: of two uses of one state only one gets it. */
  async takeAttempt(stateHash: string): Promise<LoginAttempt | undefined> {
    const [row] = await this.db.rows(TAKEN_ATTEMPT,
      `DELETE FROM sso_login_attempts WHERE state_hash = $1
       RETURNING browser_hash AS "browserHash", nonce, code_verifier AS "codeVerifier", redirect_uri AS "redirectUri", expires_at > now() AS live`,
      [stateHash],
    );
    return row?.live ? row : undefined;
  }

  // ---- links ----

  async linkBySubject(issuer: string, subject: string): Promise<Link | undefined> {
    const rows = await this.db.rows(LINK,
      `SELECT user_id AS "userId", issuer, subject, external_name AS "externalName" FROM sso_links WHERE issuer = $1 AND subject = $2`,
      [issuer, subject],
    );
    return rows[0];
  }

  async linkByExternalName(name: string): Promise<Link | undefined> {
    const rows = await this.db.rows(LINK,
      `SELECT user_id AS "userId", issuer, subject, external_name AS "externalName" FROM sso_links WHERE lower(external_name) = lower($1)`,
      [name],
    );
    return rows[0];
  }

  async linkOfUser(userId: number): Promise<Link | undefined> {
    const rows = await this.db.rows(LINK,
      `SELECT user_id AS "userId", issuer, subject, external_name AS "externalName" FROM sso_links WHERE user_id = $1`,
      [userId],
    );
    return rows[0];
  }

  /**
   * Binds the provider's subject to the user (first sign-in). Only a link without a subject (or no
   * link) is bound: the unique index decides when two first sign-ins race.
   */
  async bindSubject(userId: number, issuer: string, subject: string): Promise<boolean> {
    return (await this.db.execute(
      `INSERT INTO sso_links (user_id, issuer, subject) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET issuer = EXCLUDED.issuer, subject = EXCLUDED.subject, linked_at = now()
         WHERE sso_links.subject IS NULL
       RETURNING user_id`,
      [userId, issuer, subject],
    )) > 0;
  }

  /** The administrator's explicit link: the user signs in as `externalName`; a bound subject is forgotten. */
  async setExternalName(userId: number, externalName: string, linkedBy: number): Promise<void> {
    await this.db.execute(
      `INSERT INTO sso_links (user_id, external_name, linked_by) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET external_name = EXCLUDED.external_name, issuer = NULL, subject = NULL,
         linked_by = EXCLUDED.linked_by, linked_at = now()`,
      [userId, externalName, linkedBy],
    );
  }

  async removeLink(userId: number): Promise<boolean> {
    return (await this.db.execute(`DELETE FROM sso_links WHERE user_id = $1 RETURNING user_id`, [userId])) > 0;
  }

  async links(): Promise<SsoLinkResponse[]> {
    return (await this.db.rows(LINKED_USER, `${LINK_SELECT} ORDER BY lower(u.full_name), u.id`)).map(toLinkResponse);
  }

  async link(userId: number): Promise<SsoLinkResponse | undefined> {
    const [row] = await this.db.rows(LINKED_USER, `${LINK_SELECT} WHERE l.user_id = $1`, [userId]);
    return row && toLinkResponse(row);
  }
}

const LINK_SELECT = `
  SELECT l.user_id AS "userId", u.username, u.full_name AS "fullName", u.role, u.status, l.external_name AS "externalName",
         l.subject, l.linked_at AS "linkedAt"
    FROM sso_links l JOIN users u ON u.id = l.user_id`;
const LINKED_USER = rowShape({
  userId: int,
  username: text,
  fullName: text,
  role: oneOf(...ROLES),
  status: oneOf('ACTIVE', 'ARCHIVED'),
  externalName: nullable(text),
  subject: nullable(text),
  linkedAt: timestamp,
});

function toLinkResponse(row: RowType<typeof LINKED_USER>): SsoLinkResponse {
  return { ...row, linkedAt: row.linkedAt.toISOString() };
}
