import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Equipment, classrooms with their equipment, subjects with department comments, teacher-subject
 * links, and the lessons of the earlier-revision `/api/users/test` endpoints.
 */
export class Resources1763800000100 implements MigrationInterface {
  name = 'Resources1763800000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE equipments (
        id          serial PRIMARY KEY,
        name        varchar(255) NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_equipments_name_not_blank CHECK (btrim(name) <> '')
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_equipments_name ON equipments (lower(name))`);

    // Classrooms are archived, never deleted: past schedules keep referring to them. Names are unique
    // among all of them, archived included, so that a restore can never clash.
    await db.query(`
      CREATE TABLE classrooms (
        id            serial PRIMARY KEY,
        name          varchar(255) NOT NULL,
        capacity      integer NOT NULL,
        building      varchar(255),
        floor         integer,
        is_available  boolean NOT NULL DEFAULT true,
        archived_at   timestamptz,
        created_at    timestamptz NOT NULL DEFAULT now(),
        updated_at    timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_classrooms_name_not_blank CHECK (btrim(name) <> ''),
        CONSTRAINT ck_classrooms_capacity_positive CHECK (capacity > 0)
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_classrooms_name ON classrooms (lower(name))`);

    await db.query(`
      CREATE TABLE classroom_equipments (
        classroom_id  integer NOT NULL,
        equipment_id  integer NOT NULL,
        CONSTRAINT uq_classroom_equipments PRIMARY KEY (classroom_id, equipment_id),
        CONSTRAINT fk_classroom_equipments_classroom FOREIGN KEY (classroom_id) REFERENCES classrooms (id),
        CONSTRAINT fk_classroom_equipments_equipment FOREIGN KEY (equipment_id) REFERENCES equipments (id)
      )`);
    await db.query(`CREATE INDEX ix_classroom_equipments_equipment ON classroom_equipments (equipment_id)`);

    // Subjects: archived when something refers to them, deleted otherwise. The name is unique among
    // all subjects of every department, archived ones included.
    await db.query(`
      CREATE TABLE subjects (
        id             serial PRIMARY KEY,
        name           varchar(255) NOT NULL,
        code           varchar(64),
        department_id  integer NOT NULL,
        archived_at    timestamptz,
        created_at     timestamptz NOT NULL DEFAULT now(),
        updated_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_subjects_department FOREIGN KEY (department_id) REFERENCES departments (id),
        CONSTRAINT ck_subjects_name_not_blank CHECK (btrim(name) <> '')
      )`);
    await db.query(`CREATE UNIQUE INDEX uq_subjects_name ON subjects (lower(name))`);
    await db.query(`CREATE INDEX ix_subjects_department ON subjects (department_id, lower(name))`);

    await db.query(`
      CREATE TABLE subject_comments (
        id          serial PRIMARY KEY,
        subject_id  integer NOT NULL,
        author_id   integer NOT NULL,
        text        varchar(2000) NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_subject_comments_subject FOREIGN KEY (subject_id) REFERENCES subjects (id),
        CONSTRAINT fk_subject_comments_author FOREIGN KEY (author_id) REFERENCES users (id),
        CONSTRAINT ck_subject_comments_text_not_blank CHECK (btrim(text) <> '')
      )`);
    await db.query(`CREATE INDEX ix_subject_comments_subject ON subject_comments (subject_id, created_at, id)`);

    await db.query(`
      CREATE TABLE teacher_subjects (
        id          serial PRIMARY KEY,
        user_id     integer NOT NULL,
        subject_id  integer NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_teacher_subjects_link UNIQUE (user_id, subject_id),
        CONSTRAINT fk_teacher_subjects_user FOREIGN KEY (user_id) REFERENCES users (id),
        CONSTRAINT fk_teacher_subjects_subject FOREIGN KEY (subject_id) REFERENCES subjects (id)
      )`);
    await db.query(`CREATE INDEX ix_teacher_subjects_subject ON teacher_subjects (subject_id)`);

    // Lessons of the earlier interface revision (`/api/users/test`): free-text day, week and time.
    await db.query(`
      CREATE TABLE legacy_lessons (
        id              serial PRIMARY KEY,
        teacher_id      integer NOT NULL,
        group_id        integer,
        lesson_type_id  integer NOT NULL,
        day             varchar(100) NOT NULL,
        week            varchar(100) NOT NULL,
        time            varchar(100) NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_legacy_lessons_teacher FOREIGN KEY (teacher_id) REFERENCES users (id),
        CONSTRAINT fk_legacy_lessons_group FOREIGN KEY (group_id) REFERENCES study_groups (id),
        CONSTRAINT fk_legacy_lessons_lesson_type FOREIGN KEY (lesson_type_id) REFERENCES lesson_types (id),
        CONSTRAINT ck_legacy_lessons_text_not_blank CHECK (btrim(day) <> '' AND btrim(week) <> '' AND btrim(time) <> '')
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'legacy_lessons',
      'teacher_subjects',
      'subject_comments',
      'subjects',
      'classroom_equipments',
      'classrooms',
      'equipments',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
