import { MigrationInterface, QueryRunner } from 'typeorm';

/** Specialties with their profiles, education forms, study groups and their laboratory subgroups. */
export class StudyStructure1763800000000 implements MigrationInterface {
  name = 'StudyStructure1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE specialties (
        id          serial PRIMARY KEY,
        name        varchar(255) NOT NULL,
        code        varchar(64) NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_specialties_name_not_blank CHECK (btrim(name) <> ''),
        CONSTRAINT ck_specialties_code_not_blank CHECK (btrim(code) <> '')
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_specialties_code ON specialties (lower(code))`);

    // (id, specialty_id) is unique so that a group can refer to both at once: the database itself
    // then guarantees that a group's profile belongs to the group's specialty.
    await db.query(`
      CREATE TABLE specialty_profiles (
        id            serial PRIMARY KEY,
        specialty_id  integer NOT NULL,
        name          varchar(255) NOT NULL,
        description   text,
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_specialty_profiles_specialty FOREIGN KEY (specialty_id) REFERENCES specialties (id),
        CONSTRAINT uq_specialty_profiles_id_specialty UNIQUE (id, specialty_id),
        CONSTRAINT ck_specialty_profiles_name_not_blank CHECK (btrim(name) <> '')
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_specialty_profiles_name ON specialty_profiles (specialty_id, lower(name))`);

    await db.query(`
      CREATE TABLE education_forms (
        id          serial PRIMARY KEY,
        name        varchar(255) NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_education_forms_name_not_blank CHECK (btrim(name) <> '')
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_education_forms_name ON education_forms (lower(name))`);

    await db.query(`
      CREATE TABLE study_groups (
        id                    serial PRIMARY KEY,
        name                  varchar(255) NOT NULL,
        group_size            integer NOT NULL,
        education_form_id     integer NOT NULL,
        department_id         integer NOT NULL,
        year_start_study      integer NOT NULL,
        specialty_id          integer NOT NULL,
        specialty_profile_id  integer NOT NULL,
        status                varchar(16) NOT NULL DEFAULT 'ACTIVE',
        archived_at           timestamptz,
        created_at            timestamptz NOT NULL DEFAULT now(),
        updated_at            timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_study_groups_education_form FOREIGN KEY (education_form_id) REFERENCES education_forms (id),
        CONSTRAINT fk_study_groups_department FOREIGN KEY (department_id) REFERENCES departments (id),
        CONSTRAINT fk_study_groups_specialty FOREIGN KEY (specialty_id) REFERENCES specialties (id),
        CONSTRAINT fk_study_groups_profile FOREIGN KEY (specialty_profile_id, specialty_id)
          REFERENCES specialty_profiles (id, specialty_id),
        CONSTRAINT ck_study_groups_name_not_blank CHECK (btrim(name) <> ''),
        CONSTRAINT ck_study_groups_size_positive CHECK (group_size > 0),
        CONSTRAINT ck_study_groups_year_positive CHECK (year_start_study > 0),
        CONSTRAINT ck_study_groups_status CHECK (status IN ('ACTIVE','ARCHIVED')),
        CONSTRAINT ck_study_groups_archived_at CHECK ((status = 'ARCHIVED') = (archived_at IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX ix_study_groups_department ON study_groups (department_id, lower(name))`);
    await db.query(`CREATE INDEX ix_study_groups_name ON study_groups (lower(name), id)`);
    await db.query(`CREATE INDEX ix_study_groups_education_form ON study_groups (education_form_id)`);
    await db.query(`CREATE INDEX ix_study_groups_specialty ON study_groups (specialty_id)`);
    await db.query(`CREATE INDEX ix_study_groups_profile ON study_groups (specialty_profile_id)`);

    // Laboratory subgroups. Every stored subgroup is active: deletion is physical and allowed only
    // while the schedule does not use it.
    await db.query(`
      CREATE TABLE subgroups (
        id                serial PRIMARY KEY,
        group_id          integer NOT NULL,
        name              varchar(255) NOT NULL,
        student_capacity  integer NOT NULL,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_subgroups_group FOREIGN KEY (group_id) REFERENCES study_groups (id),
        CONSTRAINT ck_subgroups_name_not_blank CHECK (btrim(name) <> ''),
        CONSTRAINT ck_subgroups_capacity_positive CHECK (student_capacity > 0)
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_subgroups_name ON subgroups (group_id, lower(name))`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['subgroups', 'study_groups', 'education_forms', 'specialty_profiles', 'specialties']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
