import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teacher availability: preferences (hard unavailability and soft wishes), absences with the log of
 * the decisions that resolved their lessons, and the lesson types a teacher-subject link may be
 * restricted to (no rows: every type).
 */
export class TeacherAvailability1764200000000 implements MigrationInterface {
  name = 'TeacherAvailability1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE teacher_preferences (
        id               serial PRIMARY KEY,
        teacher_id       integer NOT NULL,
        semester_id      integer NOT NULL,
        preference_type  varchar(20) NOT NULL,
        day_of_week      smallint,
        time_slot_id     integer,
        preference_date  date,
        comment          text,
        status           varchar(10) NOT NULL,
        created_by       integer,
        created_at       timestamptz NOT NULL DEFAULT now(),
        reviewed_by      integer,
        reviewed_at      timestamptz,
        review_comment   text,
        closed_by        integer,
        closed_at        timestamptz,
        updated_at       timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_teacher_preferences_teacher FOREIGN KEY (teacher_id) REFERENCES users (id),
        CONSTRAINT fk_teacher_preferences_semester FOREIGN KEY (semester_id) REFERENCES semesters (id),
        CONSTRAINT fk_teacher_preferences_time_slot FOREIGN KEY (time_slot_id) REFERENCES time_slots (id),
        CONSTRAINT fk_teacher_preferences_created_by FOREIGN KEY (created_by) REFERENCES users (id),
        CONSTRAINT fk_teacher_preferences_reviewed_by FOREIGN KEY (reviewed_by) REFERENCES users (id),
        CONSTRAINT fk_teacher_preferences_closed_by FOREIGN KEY (closed_by) REFERENCES users (id),
        CONSTRAINT ck_teacher_preferences_type
          CHECK (preference_type IN ('HARD_UNAVAILABLE','SOFT_PREFERRED','SOFT_UNWANTED','CONSECUTIVE','NO_GAPS')),
        CONSTRAINT ck_teacher_preferences_status CHECK (status IN ('PENDING','APPROVED','REJECTED','WITHDRAWN','CANCELLED')),
        CONSTRAINT ck_teacher_preferences_day CHECK (day_of_week IS NULL OR day_of_week BETWEEN 1 AND 7),
        -- A pair on a weekday, or a whole date, or (for the compactness wishes) a weekday or the whole semester.
        CONSTRAINT ck_teacher_preferences_shape CHECK (
          CASE WHEN preference_type IN ('CONSECUTIVE','NO_GAPS')
               THEN time_slot_id IS NULL AND preference_date IS NULL
               ELSE (preference_date IS NULL AND day_of_week IS NOT NULL AND time_slot_id IS NOT NULL)
                 OR (preference_date IS NOT NULL AND day_of_week IS NULL AND time_slot_id IS NULL)
          END)
      )`);
    // One waiting or approved preference per teacher, semester, type and time: parallel duplicates cannot both pass.
    await db.query(`
      CREATE UNIQUE INDEX uq_teacher_preferences_active ON teacher_preferences
        (teacher_id, semester_id, preference_type, coalesce(day_of_week, 0), coalesce(time_slot_id, 0), coalesce(preference_date, 'epoch'::date))
        WHERE status IN ('PENDING','APPROVED')`);
    await db.query(`CREATE INDEX ix_teacher_preferences_semester ON teacher_preferences (semester_id, teacher_id)`);

    await db.query(`
      CREATE TABLE teacher_absences (
        id              serial PRIMARY KEY,
        teacher_id      integer NOT NULL,
        start_date      date NOT NULL,
        end_date        date NOT NULL,
        reason          text NOT NULL,
        status          varchar(10) NOT NULL,
        created_by      integer,
        created_at      timestamptz NOT NULL DEFAULT now(),
        reviewed_by     integer,
        reviewed_at     timestamptz,
        review_comment  text,
        closed_by       integer,
        closed_at       timestamptz,
        resolved_at     timestamptz,
        updated_at      timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_teacher_absences_teacher FOREIGN KEY (teacher_id) REFERENCES users (id),
        CONSTRAINT fk_teacher_absences_created_by FOREIGN KEY (created_by) REFERENCES users (id),
        CONSTRAINT fk_teacher_absences_reviewed_by FOREIGN KEY (reviewed_by) REFERENCES users (id),
        CONSTRAINT fk_teacher_absences_closed_by FOREIGN KEY (closed_by) REFERENCES users (id),
        CONSTRAINT ck_teacher_absences_status CHECK (status IN ('PENDING','APPROVED','REJECTED','RESOLVED','CANCELLED')),
        CONSTRAINT ck_teacher_absences_order CHECK (end_date >= start_date),
        CONSTRAINT ck_teacher_absences_length CHECK (end_date - start_date < 120),
        -- Active absences (waiting, approved or resolved) of one teacher never overlap, even under parallel requests.
        CONSTRAINT ex_teacher_absences_overlap EXCLUDE USING gist
          (teacher_id WITH =, daterange(start_date, end_date, '[]') WITH &&)
          WHERE (status IN ('PENDING','APPROVED','RESOLVED'))
      )`);

    await db.query(`
      CREATE TABLE teacher_absence_decisions (
        id                  serial PRIMARY KEY,
        absence_id          integer NOT NULL,
        base_rule_slot_id   integer NOT NULL,
        lesson_date         date NOT NULL,
        resolution          varchar(16) NOT NULL,
        new_teacher_id      integer,
        target_lesson_date  date,
        new_time_slot_id    integer,
        new_classroom_id    integer,
        override_id         integer,
        comment             text,
        decided_by          integer,
        decided_at          timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_teacher_absence_decisions_absence FOREIGN KEY (absence_id) REFERENCES teacher_absences (id),
        CONSTRAINT fk_teacher_absence_decisions_slot FOREIGN KEY (base_rule_slot_id) REFERENCES schedule_rule_slots (id),
        CONSTRAINT fk_teacher_absence_decisions_teacher FOREIGN KEY (new_teacher_id) REFERENCES users (id),
        CONSTRAINT fk_teacher_absence_decisions_time_slot FOREIGN KEY (new_time_slot_id) REFERENCES time_slots (id),
        CONSTRAINT fk_teacher_absence_decisions_classroom FOREIGN KEY (new_classroom_id) REFERENCES classrooms (id),
        -- The override stays an ordinary one: deleting it keeps the decision in the log.
        CONSTRAINT fk_teacher_absence_decisions_override FOREIGN KEY (override_id) REFERENCES schedule_overrides (id) ON DELETE SET NULL,
        CONSTRAINT fk_teacher_absence_decisions_decided_by FOREIGN KEY (decided_by) REFERENCES users (id),
        CONSTRAINT ck_teacher_absence_decisions_resolution
          CHECK (resolution IN ('REPLACE_TEACHER','MOVE_TIME','CHANGE_CLASSROOM','CANCEL','REJECT'))
      )`);
    await db.query(`CREATE INDEX ix_teacher_absence_decisions_absence ON teacher_absence_decisions (absence_id, id)`);
    await db.query(`CREATE INDEX ix_teacher_absence_decisions_slot ON teacher_absence_decisions (base_rule_slot_id)`);
    await db.query(`CREATE INDEX ix_teacher_absence_decisions_new_teacher ON teacher_absence_decisions (new_teacher_id)`);

    await db.query(`
      CREATE TABLE teacher_subject_lesson_types (
        user_id         integer NOT NULL,
        subject_id      integer NOT NULL,
        lesson_type_id  integer NOT NULL,
        PRIMARY KEY (user_id, subject_id, lesson_type_id),
        CONSTRAINT fk_teacher_subject_lesson_types_link FOREIGN KEY (user_id, subject_id)
          REFERENCES teacher_subjects (user_id, subject_id) ON DELETE CASCADE,
        CONSTRAINT fk_teacher_subject_lesson_types_type FOREIGN KEY (lesson_type_id) REFERENCES lesson_types (id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS teacher_subject_lesson_types`);
    await db.query(`DROP TABLE IF EXISTS teacher_absence_decisions`);
    await db.query(`DROP TABLE IF EXISTS teacher_absences`);
    await db.query(`DROP TABLE IF EXISTS teacher_preferences`);
  }
}
