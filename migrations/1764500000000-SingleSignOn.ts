import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on through the university's OpenID Connect provider (issue 27). One settings row per
 * tenant database (the client secret only encrypted, never returned); links of users to the
 * provider's subject (unique per issuer, so a renamed account at the provider still matches); and the
 * login attempts in flight: state, nonce and PKCE verifier, each used once, bound to the browser that
 * started them (only the hash of its cookie is kept) and expiring after a few minutes.
 */
export class SingleSignOn1764500000000 implements MigrationInterface {
  name = 'SingleSignOn1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sso_settings (
        id                     boolean PRIMARY KEY DEFAULT true,
        enabled                boolean NOT NULL,
        issuer_url             varchar(500) NOT NULL,
        client_id              varchar(255) NOT NULL,
        client_secret_sealed   text NOT NULL,
        button_text            varchar(100) NOT NULL,
        username_claim         varchar(100) NOT NULL DEFAULT 'preferred_username',
        roles_claim            varchar(100),
        role_mapping           jsonb NOT NULL DEFAULT '[]',
        email_domains          text[] NOT NULL DEFAULT '{}',
        create_users           boolean NOT NULL DEFAULT false,
        password_login_allowed boolean NOT NULL DEFAULT true,
        end_session_url        varchar(500),
        updated_by             integer,
        updated_at             timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_sso_settings_single CHECK (id),
        CONSTRAINT fk_sso_settings_updated_by FOREIGN KEY (updated_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await db.query(`
      CREATE TABLE sso_links (
        user_id       integer PRIMARY KEY,
        issuer        varchar(500),
        subject       varchar(255),
        external_name varchar(255),
        linked_by     integer,
        linked_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_sso_links_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT fk_sso_links_linked_by FOREIGN KEY (linked_by) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT ck_sso_links_subject CHECK ((issuer IS NULL) = (subject IS NULL)),
        CONSTRAINT ck_sso_links_something CHECK (subject IS NOT NULL OR external_name IS NOT NULL)
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_sso_links_subject ON sso_links (issuer, subject) WHERE subject IS NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX uq_sso_links_external_name ON sso_links (lower(external_name)) WHERE external_name IS NOT NULL`);
    await db.query(`
      CREATE TABLE sso_login_attempts (
        state_hash    char(64) PRIMARY KEY,
        browser_hash  char(64) NOT NULL,
        nonce         varchar(100) NOT NULL,
        code_verifier varchar(128) NOT NULL,
        redirect_uri  varchar(600) NOT NULL,
        expires_at    timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX ix_sso_login_attempts_expires ON sso_login_attempts (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS sso_login_attempts`);
    await db.query(`DROP TABLE IF EXISTS sso_links`);
    await db.query(`DROP TABLE IF EXISTS sso_settings`);
  }
}
