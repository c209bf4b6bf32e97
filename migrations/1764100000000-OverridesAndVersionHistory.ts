import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-off changes of single lessons (move, cancel, replace) and the history of schedule versions.
 * A lesson is named by its base slot and original date, so there is at most one override per lesson.
 */
export class OverridesAndVersionHistory1764100000000 implements MigrationInterface {
  name = 'OverridesAndVersionHistory1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE schedule_overrides (
        id                  serial PRIMARY KEY,
        schedule_version_id integer NOT NULL,
        base_rule_slot_id   integer NOT NULL,
        lesson_date         date NOT NULL,
        action              varchar(8) NOT NULL,
        target_lesson_date  date,
        new_time_slot_id    integer,
        new_classroom_id    integer,
        new_teacher_id      integer,
        new_lesson_format   varchar(16),
        comment             text,
        created_by          integer,
        created_at          timestamptz NOT NULL DEFAULT now(),
        updated_by          integer,
        updated_at          timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_schedule_overrides_version FOREIGN KEY (schedule_version_id) REFERENCES schedule_versions (id),
        CONSTRAINT fk_schedule_overrides_slot FOREIGN KEY (base_rule_slot_id) REFERENCES schedule_rule_slots (id),
        CONSTRAINT fk_schedule_overrides_time_slot FOREIGN KEY (new_time_slot_id) REFERENCES time_slots (id),
        CONSTRAINT fk_schedule_overrides_classroom FOREIGN KEY (new_classroom_id) REFERENCES classrooms (id),
        CONSTRAINT fk_schedule_overrides_teacher FOREIGN KEY (new_teacher_id) REFERENCES users (id),
        CONSTRAINT fk_schedule_overrides_created_by FOREIGN KEY (created_by) REFERENCES users (id),
        CONSTRAINT fk_schedule_overrides_updated_by FOREIGN KEY (updated_by) REFERENCES users (id),
        CONSTRAINT ck_schedule_overrides_action CHECK (action IN ('CANCEL','MOVE','REPLACE')),
        CONSTRAINT ck_schedule_overrides_format CHECK (new_lesson_format IS NULL OR new_lesson_format IN ('Очно','Онлайн')),
        CONSTRAINT ck_schedule_overrides_cancel CHECK (action <> 'CANCEL' OR (target_lesson_date IS NULL
          AND new_time_slot_id IS NULL AND new_classroom_id IS NULL AND new_teacher_id IS NULL AND new_lesson_format IS NULL)),
        CONSTRAINT ck_schedule_overrides_move CHECK (action <> 'MOVE' OR new_time_slot_id IS NOT NULL),
        CONSTRAINT uq_schedule_overrides_lesson UNIQUE (base_rule_slot_id, lesson_date)
      )`);
    await db.query(`CREATE INDEX ix_schedule_overrides_version_date ON schedule_overrides (schedule_version_id, lesson_date)`);
    await db.query(`CREATE INDEX ix_schedule_overrides_version_target ON schedule_overrides (schedule_version_id, target_lesson_date)`);
    await db.query(`CREATE INDEX ix_schedule_overrides_new_teacher ON schedule_overrides (new_teacher_id)`);
    // Overrides change what viewers see: a committed change bumps the schedule data stamp (see
    // ScheduleDataStamp1764000000100), at commit and once per transaction, like the other schedule tables.
    await db.query(`
      CREATE CONSTRAINT TRIGGER trg_schedule_overrides_schedule_stamp
        AFTER INSERT OR UPDATE OR DELETE ON schedule_overrides
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW EXECUTE FUNCTION bump_schedule_data_stamp()`);

    await db.query(`
      CREATE TABLE schedule_version_events (
        id                   serial PRIMARY KEY,
        semester_id          integer NOT NULL,
        schedule_version_id  integer NOT NULL,
        event_type           varchar(16) NOT NULL,
        reason               text,
        actor_id             integer,
        created_at           timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_schedule_version_events_semester FOREIGN KEY (semester_id) REFERENCES semesters (id),
        CONSTRAINT fk_schedule_version_events_version FOREIGN KEY (schedule_version_id) REFERENCES schedule_versions (id),
        CONSTRAINT fk_schedule_version_events_actor FOREIGN KEY (actor_id) REFERENCES users (id),
        CONSTRAINT ck_schedule_version_events_type CHECK (event_type IN ('CREATE','PUBLISH','ARCHIVE','RESTORE'))
      )`);
    await db.query(`CREATE INDEX ix_schedule_version_events_semester ON schedule_version_events (semester_id, created_at, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS schedule_version_events`);
    await db.query(`DROP TRIGGER IF EXISTS trg_schedule_overrides_schedule_stamp ON schedule_overrides`);
    await db.query(`DROP TABLE IF EXISTS schedule_overrides`);
  }
}
