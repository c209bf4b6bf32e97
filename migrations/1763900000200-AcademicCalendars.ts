import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Academic calendars: one per academic year, specialty, profile and study form, with a day grid per
 * course stored as inclusive activity periods, the subjects bound to its semesters, and the
 * assignment of a calendar to a study group for an academic year.
 */
export class AcademicCalendars1763900000200 implements MigrationInterface {
  name = 'AcademicCalendars1763900000200';

  async up(db: QueryRunner): Promise<void> {
    // `title` keeps the generated title as of the last save; reads generate it from the current names,
    // so a renamed specialty, profile, form or year shows at once. (id, academic_year_id) is unique so
    // that an assignment can refer to both and the database guarantees they share the year.
    await db.query(`
      CREATE TABLE academic_calendars (
        id                    serial PRIMARY KEY,
        academic_year_id      integer NOT NULL,
        specialty_id          integer NOT NULL,
        specialty_profile_id  integer NOT NULL,
        study_form_id         integer NOT NULL,
        course_count          integer NOT NULL,
        title                 text NOT NULL,
        created_at            timestamptz NOT NULL DEFAULT now(),
        updated_at            timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_academic_calendars_year FOREIGN KEY (academic_year_id) REFERENCES academic_years (id),
        CONSTRAINT fk_academic_calendars_specialty FOREIGN KEY (specialty_id) REFERENCES specialties (id),
        CONSTRAINT fk_academic_calendars_profile FOREIGN KEY (specialty_profile_id, specialty_id)
          REFERENCES specialty_profiles (id, specialty_id),
        CONSTRAINT fk_academic_calendars_study_form FOREIGN KEY (study_form_id) REFERENCES education_forms (id),
        CONSTRAINT ck_academic_calendars_course_count CHECK (course_count BETWEEN 1 AND 8),
        CONSTRAINT uq_academic_calendars_scope UNIQUE (academic_year_id, specialty_id, specialty_profile_id, study_form_id),
        CONSTRAINT uq_academic_calendars_id_year UNIQUE (id, academic_year_id)
      )`);
    await db.query(`CREATE INDEX ix_academic_calendars_specialty ON academic_calendars (specialty_id)`);
    await db.query(`CREATE INDEX ix_academic_calendars_profile ON academic_calendars (specialty_profile_id)`);
    await db.query(`CREATE INDEX ix_academic_calendars_study_form ON academic_calendars (study_form_id)`);

    // Inclusive periods of one activity for one course; a day without a period is an empty cell.
    await db.query(`
      CREATE TABLE academic_calendar_periods (
        id                serial PRIMARY KEY,
        calendar_id       integer NOT NULL,
        course_number     integer NOT NULL,
        start_date        date NOT NULL,
        end_date          date NOT NULL,
        activity_type_id  integer NOT NULL,
        CONSTRAINT fk_academic_calendar_periods_calendar FOREIGN KEY (calendar_id) REFERENCES academic_calendars (id),
        CONSTRAINT fk_academic_calendar_periods_activity FOREIGN KEY (activity_type_id) REFERENCES activity_types (id),
        CONSTRAINT ck_academic_calendar_periods_course CHECK (course_number BETWEEN 1 AND 8),
        CONSTRAINT ck_academic_calendar_periods_dates CHECK (end_date >= start_date),
        CONSTRAINT ex_academic_calendar_periods_overlap EXCLUDE USING gist
          (calendar_id WITH =, course_number WITH =, daterange(start_date, end_date, '[]') WITH &&)
      )`);
    await db.query(`CREATE INDEX ix_academic_calendar_periods_activity ON academic_calendar_periods (activity_type_id)`);

    await db.query(`
      CREATE TABLE academic_calendar_subjects (
        id               serial PRIMARY KEY,
        calendar_id      integer NOT NULL,
        semester_number  integer NOT NULL,
        subject_id       integer NOT NULL,
        CONSTRAINT fk_academic_calendar_subjects_calendar FOREIGN KEY (calendar_id) REFERENCES academic_calendars (id),
        CONSTRAINT fk_academic_calendar_subjects_subject FOREIGN KEY (subject_id) REFERENCES subjects (id),
        CONSTRAINT ck_academic_calendar_subjects_semester CHECK (semester_number BETWEEN 1 AND 16),
        CONSTRAINT uq_academic_calendar_subjects_item UNIQUE (calendar_id, semester_number, subject_id)
      )`);
    await db.query(`CREATE INDEX ix_academic_calendar_subjects_subject ON academic_calendar_subjects (subject_id)`);

    await db.query(`
      CREATE TABLE group_calendar_assignments (
        id                serial PRIMARY KEY,
        group_id          integer NOT NULL,
        academic_year_id  integer NOT NULL,
        calendar_id       integer NOT NULL,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_group_calendar_assignments_group FOREIGN KEY (group_id) REFERENCES study_groups (id),
        CONSTRAINT fk_group_calendar_assignments_year FOREIGN KEY (academic_year_id) REFERENCES academic_years (id),
        CONSTRAINT fk_group_calendar_assignments_calendar FOREIGN KEY (calendar_id, academic_year_id)
          REFERENCES academic_calendars (id, academic_year_id),
        CONSTRAINT uq_group_calendar_assignments_group_year UNIQUE (group_id, academic_year_id)
      )`);
    await db.query(`CREATE INDEX ix_group_calendar_assignments_calendar ON group_calendar_assignments (calendar_id)`);
    await db.query(`CREATE INDEX ix_group_calendar_assignments_year ON group_calendar_assignments (academic_year_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['group_calendar_assignments', 'academic_calendar_subjects', 'academic_calendar_periods', 'academic_calendars']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
