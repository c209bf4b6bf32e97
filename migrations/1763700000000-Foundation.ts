import { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, departments and their assignment history, auth state, and the reference rows the spec presupposes. */
export class Foundation1763700000000 implements MigrationInterface {
  name = 'Foundation1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);

    await db.query(`
      CREATE TABLE departments (
        id          serial PRIMARY KEY,
        name        varchar(255) NOT NULL,
        code        integer NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_departments_name_not_blank CHECK (btrim(name) <> ''),
        CONSTRAINT ck_departments_code_positive CHECK (code > 0),
        CONSTRAINT uq_departments_code UNIQUE (code)
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_departments_name ON departments (lower(name))`);

    await db.query(`
      CREATE TABLE users (
        id            serial PRIMARY KEY,
        username      varchar(100) NOT NULL,
        password_hash text NOT NULL,
        role          varchar(32) NOT NULL,
        full_name     varchar(255) NOT NULL,
        job_title     varchar(255) NOT NULL DEFAULT '',
        status        varchar(16) NOT NULL DEFAULT 'ACTIVE',
        archived_at   timestamptz,
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_users_role CHECK (role IN ('ADMIN','EDUCATION_OFFICE','DEPARTMENT','SCHEDULE_VIEWER','TEACHER','STUDENT')),
        CONSTRAINT ck_users_status CHECK (status IN ('ACTIVE','ARCHIVED')),
        CONSTRAINT ck_users_archived_at CHECK ((status = 'ARCHIVED') = (archived_at IS NOT NULL)),
        CONSTRAINT ck_users_username_not_blank CHECK (btrim(username) <> '')
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_users_username ON users (lower(username))`);
    await db.query(`CREATE INDEX ix_users_role_status ON users (role, status)`);
    await db.query(`CREATE INDEX ix_users_full_name ON users (lower(full_name), id)`);

    // A user's department links over time. Primary periods of one user never overlap (the exclusion
    // constraint is the last guard when two transfers race); additional links to one department neither.
    await db.query(`
      CREATE TABLE user_department_assignments (
        id             serial PRIMARY KEY,
        user_id        integer NOT NULL,
        department_id  integer NOT NULL,
        is_primary     boolean NOT NULL,
        valid_from     date NOT NULL,
        valid_to       date,
        comment        text,
        created_by     integer,
        created_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_uda_user FOREIGN KEY (user_id) REFERENCES users (id),
        CONSTRAINT fk_uda_department FOREIGN KEY (department_id) REFERENCES departments (id),
        CONSTRAINT fk_uda_created_by FOREIGN KEY (created_by) REFERENCES users (id),
        CONSTRAINT ck_uda_period CHECK (valid_to IS NULL OR valid_to >= valid_from),
        CONSTRAINT ex_uda_primary_overlap EXCLUDE USING gist
          (user_id WITH =, daterange(valid_from, valid_to, '[]') WITH &&) WHERE (is_primary),
        CONSTRAINT ex_uda_additional_overlap EXCLUDE USING gist
          (user_id WITH =, department_id WITH =, daterange(valid_from, valid_to, '[]') WITH &&) WHERE (NOT is_primary)
      )`);
    await db.query(`CREATE INDEX ix_uda_department ON user_department_assignments (department_id, valid_from)`);
    await db.query(`CREATE INDEX ix_uda_user ON user_department_assignments (user_id, valid_from)`);

    await db.query(`
      CREATE TABLE refresh_tokens (
        id          bigserial PRIMARY KEY,
        user_id     integer NOT NULL REFERENCES users (id),
        token_hash  char(64) NOT NULL,
        expires_at  timestamptz NOT NULL,
        revoked_at  timestamptz,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_refresh_tokens_hash UNIQUE (token_hash)
      )`);
    await db.query(`CREATE INDEX ix_refresh_tokens_user_live ON refresh_tokens (user_id) WHERE revoked_at IS NULL`);

    // Login throttle counters live in the tenant database so that every instance sees them.
    await db.query(`
      CREATE TABLE login_throttle (
        throttle_key     varchar(400) PRIMARY KEY,
        failures         integer NOT NULL,
        block_level      integer NOT NULL DEFAULT 0,
        blocked_until    timestamptz,
        last_failure_at  timestamptz NOT NULL
      )`);

    // Reference data the rest of the spec presupposes.
    await db.query(`
      CREATE TABLE lesson_types (
        id    integer PRIMARY KEY,
        code  varchar(32) NOT NULL UNIQUE,
        name  varchar(100) NOT NULL UNIQUE
      )`);
    await db.query(`
      INSERT INTO lesson_types (id, code, name) VALUES
        (1, 'LECTURE', 'Лекция'), (2, 'PRACTICE', 'Практика'), (3, 'LABORATORY', 'Лабораторная работа')`);

    await db.query(`
      CREATE TABLE time_grid_scopes (
        id          serial PRIMARY KEY,
        name        varchar(255) NOT NULL,
        apply_mode  varchar(16) NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_time_grid_scopes_mode CHECK (apply_mode IN ('DEFAULT','SATURDAY','MANUAL')),
        CONSTRAINT ck_time_grid_scopes_name_not_blank CHECK (btrim(name) <> '')
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_time_grid_scopes_automatic ON time_grid_scopes (apply_mode) WHERE apply_mode <> 'MANUAL'`);
    await db.query(`
      INSERT INTO time_grid_scopes (name, apply_mode) VALUES ('Основная сетка', 'DEFAULT'), ('Суббота', 'SATURDAY')`);

    await db.query(`
      CREATE TABLE activity_types (
        id              serial PRIMARY KEY,
        code            varchar(16) NOT NULL,
        name            varchar(255) NOT NULL,
        allow_schedule  boolean NOT NULL,
        color_code      varchar(7),
        display_order   integer NOT NULL DEFAULT 0,
        description     text,
        CONSTRAINT uq_activity_types_code UNIQUE (code),
        CONSTRAINT ck_activity_types_code_not_blank CHECK (btrim(code) <> ''),
        CONSTRAINT ck_activity_types_color CHECK (color_code IS NULL OR color_code ~ '^#[0-9A-Fa-f]{6}$')
      )`);
    await db.query(`
      INSERT INTO activity_types (code, name, allow_schedule, color_code, display_order)
      VALUES ('Т', 'Теоретическое обучение', true, '#4CAF50', 1)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'activity_types',
      'time_grid_scopes',
      'lesson_types',
      'login_throttle',
      'refresh_tokens',
      'user_department_assignments',
      'users',
      'departments',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
