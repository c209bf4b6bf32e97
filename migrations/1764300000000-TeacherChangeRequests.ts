import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Teacher change requests (spec 4.15): a teacher asks to move one lesson, change its room or cancel
 * it; the office applies the request (an ordinary override is created) or rejects it. Each request
 * keeps the lesson's place as the teacher saw it (pair and room) and a history of events.
 */
export class TeacherChangeRequests1764300000000 implements MigrationInterface {
  name = 'TeacherChangeRequests1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE teacher_change_requests (
        id                      serial PRIMARY KEY,
        teacher_id              integer NOT NULL,
        semester_id             integer NOT NULL,
        schedule_version_id     integer NOT NULL,
        base_rule_slot_id       integer NOT NULL,
        lesson_date             date NOT NULL,
        request_type            varchar(16) NOT NULL,
        target_lesson_date      date,
        requested_time_slot_id  integer,
        requested_classroom_id  integer,
        original_time_slot_id   integer NOT NULL,
        original_classroom_id   integer NOT NULL,
        reason                  text NOT NULL,
        status                  varchar(10) NOT NULL,
        applied_override_id     integer,
        reviewed_by             integer,
        reviewed_at             timestamptz,
        review_comment          text,
        created_at              timestamptz NOT NULL DEFAULT now(),
        updated_at              timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_teacher_change_requests_teacher FOREIGN KEY (teacher_id) REFERENCES users (id),
        CONSTRAINT fk_teacher_change_requests_semester FOREIGN KEY (semester_id) REFERENCES semesters (id),
        CONSTRAINT fk_teacher_change_requests_version FOREIGN KEY (schedule_version_id) REFERENCES schedule_versions (id),
        CONSTRAINT fk_teacher_change_requests_slot FOREIGN KEY (base_rule_slot_id) REFERENCES schedule_rule_slots (id),
        CONSTRAINT fk_teacher_change_requests_time_slot FOREIGN KEY (requested_time_slot_id) REFERENCES time_slots (id),
        CONSTRAINT fk_teacher_change_requests_classroom FOREIGN KEY (requested_classroom_id) REFERENCES classrooms (id),
        CONSTRAINT fk_teacher_change_requests_original_time_slot FOREIGN KEY (original_time_slot_id) REFERENCES time_slots (id),
        CONSTRAINT fk_teacher_change_requests_original_classroom FOREIGN KEY (original_classroom_id) REFERENCES classrooms (id),
        -- The override stays an ordinary one: deleting it later keeps the request (and its history).
        CONSTRAINT fk_teacher_change_requests_override FOREIGN KEY (applied_override_id) REFERENCES schedule_overrides (id) ON DELETE SET NULL,
        CONSTRAINT fk_teacher_change_requests_reviewed_by FOREIGN KEY (reviewed_by) REFERENCES users (id),
        CONSTRAINT ck_teacher_change_requests_type CHECK (request_type IN ('MOVE','CHANGE_CLASSROOM','CANCEL')),
        CONSTRAINT ck_teacher_change_requests_status CHECK (status IN ('PENDING','APPROVED','REJECTED','CANCELLED')),
        CONSTRAINT ck_teacher_change_requests_reason CHECK (btrim(reason) <> ''),
        -- MOVE: a pair (and maybe a date); CHANGE_CLASSROOM: only a room; CANCEL: nothing.
        CONSTRAINT ck_teacher_change_requests_shape CHECK (
          CASE request_type
            WHEN 'MOVE' THEN requested_time_slot_id IS NOT NULL AND requested_classroom_id IS NULL
            WHEN 'CHANGE_CLASSROOM' THEN requested_classroom_id IS NOT NULL AND requested_time_slot_id IS NULL AND target_lesson_date IS NULL
            ELSE requested_time_slot_id IS NULL AND requested_classroom_id IS NULL AND target_lesson_date IS NULL
          END),
        CONSTRAINT ck_teacher_change_requests_applied CHECK (applied_override_id IS NULL OR status = 'APPROVED')
      )`);
    // One waiting request per lesson: two parallel submissions cannot both pass.
    await db.query(`
      CREATE UNIQUE INDEX uq_teacher_change_requests_pending ON teacher_change_requests (base_rule_slot_id, lesson_date)
        WHERE status = 'PENDING'`);
    await db.query(`CREATE INDEX ix_teacher_change_requests_teacher ON teacher_change_requests (teacher_id, created_at)`);
    await db.query(`CREATE INDEX ix_teacher_change_requests_status ON teacher_change_requests (status, created_at)`);
    await db.query(`CREATE INDEX ix_teacher_change_requests_override ON teacher_change_requests (applied_override_id)`);

    await db.query(`
      CREATE TABLE teacher_change_request_events (
        id          serial PRIMARY KEY,
        request_id  integer NOT NULL,
        event_type  varchar(10) NOT NULL,
        actor_id    integer,
        comment     text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_teacher_change_request_events_request FOREIGN KEY (request_id) REFERENCES teacher_change_requests (id),
        CONSTRAINT fk_teacher_change_request_events_actor FOREIGN KEY (actor_id) REFERENCES users (id),
        CONSTRAINT ck_teacher_change_request_events_type CHECK (event_type IN ('SUBMITTED','APPROVED','REJECTED','CANCELLED'))
      )`);
    await db.query(`CREATE INDEX ix_teacher_change_request_events_request ON teacher_change_request_events (request_id, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS teacher_change_request_events`);
    await db.query(`DROP TABLE IF EXISTS teacher_change_requests`);
  }
}
