import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Academic years, their semesters and the schedule versions of a semester. Period bounds are
 * inclusive; the exclusion constraints are the last guard against overlaps when requests race.
 */
export class AcademicYears1763900000000 implements MigrationInterface {
  name = 'AcademicYears1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE academic_years (
        id          serial PRIMARY KEY,
        title       varchar(9) NOT NULL,
        start_date  date NOT NULL,
        end_date    date NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_academic_years_title UNIQUE (title),
        CONSTRAINT ck_academic_years_period CHECK (end_date > start_date),
        -- The title and the end (30 June of the next year) are derived from the start, never chosen.
        CONSTRAINT ck_academic_years_derived CHECK (
          end_date = make_date(extract(year FROM start_date)::int + 1, 6, 30)
          AND title = extract(year FROM start_date)::int || '-' || (extract(year FROM start_date)::int + 1)),
        CONSTRAINT ex_academic_years_overlap EXCLUDE USING gist (daterange(start_date, end_date, '[]') WITH &&)
      )`);

    await db.query(`
      CREATE TABLE semesters (
        id                serial PRIMARY KEY,
        academic_year_id  integer NOT NULL,
        semester_type     varchar(6) NOT NULL,
        start_date        date NOT NULL,
        end_date          date NOT NULL,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_semesters_year FOREIGN KEY (academic_year_id) REFERENCES academic_years (id),
        CONSTRAINT ck_semesters_type CHECK (semester_type IN ('autumn','spring')),
        CONSTRAINT ck_semesters_period CHECK (end_date >= start_date),
        CONSTRAINT uq_semesters_year_type UNIQUE (academic_year_id, semester_type),
        CONSTRAINT ex_semesters_overlap EXCLUDE USING gist
          (academic_year_id WITH =, daterange(start_date, end_date, '[]') WITH &&)
      )`);

    // versionGroupId ties a version to the versions it was copied from (for diffs).
    await db.query(`CREATE SEQUENCE schedule_version_group_seq`);
    await db.query(`
      CREATE TABLE schedule_versions (
        id                   serial PRIMARY KEY,
        semester_id          integer NOT NULL,
        version_number       integer NOT NULL,
        name                 varchar(255) NOT NULL,
        status               varchar(16) NOT NULL,
        version_group_id     integer NOT NULL DEFAULT nextval('schedule_version_group_seq'),
        based_on_version_id  integer,
        created_by           integer,
        created_at           timestamptz NOT NULL DEFAULT now(),
        published_at         timestamptz,
        published_by         integer,
        archived_at          timestamptz,
        CONSTRAINT fk_schedule_versions_semester FOREIGN KEY (semester_id) REFERENCES semesters (id),
        CONSTRAINT fk_schedule_versions_based_on FOREIGN KEY (based_on_version_id) REFERENCES schedule_versions (id),
        CONSTRAINT fk_schedule_versions_created_by FOREIGN KEY (created_by) REFERENCES users (id),
        CONSTRAINT fk_schedule_versions_published_by FOREIGN KEY (published_by) REFERENCES users (id),
        CONSTRAINT ck_schedule_versions_status CHECK (status IN ('DRAFT','PUBLISHED','ARCHIVED')),
        CONSTRAINT ck_schedule_versions_name_not_blank CHECK (btrim(name) <> ''),
        CONSTRAINT uq_schedule_versions_number UNIQUE (semester_id, version_number)
      )`);
    // At most one PUBLISHED version per semester; the publish transaction keeps it exactly one.
    await db.query(`CREATE UNIQUE INDEX uq_schedule_versions_published ON schedule_versions (semester_id) WHERE status = 'PUBLISHED'`);

    // Activity codes (table from the foundation) are unique case-insensitively: «т» clashes with «Т».
    await db.query(`CREATE UNIQUE INDEX uq_activity_types_code_ci ON activity_types (lower(code))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS uq_activity_types_code_ci`);
    await db.query(`DROP TABLE IF EXISTS schedule_versions`);
    await db.query(`DROP SEQUENCE IF EXISTS schedule_version_group_seq`);
    await db.query(`DROP TABLE IF EXISTS semesters`);
    await db.query(`DROP TABLE IF EXISTS academic_years`);
  }
}
