import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schedule rules of a schedule version: subject, groups, hours and start week per lesson type, and
 * weekly slots (day, parity, base time slot, teacher, room, lesson type, format, lab subgroups).
 * Rules are archived, never deleted; slots keep their ids across updates because lessons are named by
 * `slot id + date`.
 */
export class ScheduleRules1764000000000 implements MigrationInterface {
  name = 'ScheduleRules1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE schedule_rules (
        id                     serial PRIMARY KEY,
        schedule_version_id    integer NOT NULL,
        semester_id            integer NOT NULL,
        subject_id             integer NOT NULL,
        lecture_hours          integer NOT NULL,
        laboratory_hours       integer NOT NULL,
        practice_hours         integer NOT NULL,
        lecture_start_week     integer NOT NULL DEFAULT 1,
        laboratory_start_week  integer NOT NULL DEFAULT 1,
        practice_start_week    integer NOT NULL DEFAULT 1,
        status                 varchar(16) NOT NULL DEFAULT 'ACTIVE',
        archived_at            timestamptz,
        created_by             integer,
        created_at             timestamptz NOT NULL DEFAULT now(),
        updated_at             timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT fk_schedule_rules_version FOREIGN KEY (schedule_version_id) REFERENCES schedule_versions (id),
        CONSTRAINT fk_schedule_rules_semester FOREIGN KEY (semester_id) REFERENCES semesters (id),
        CONSTRAINT fk_schedule_rules_subject FOREIGN KEY (subject_id) REFERENCES subjects (id),
        CONSTRAINT fk_schedule_rules_created_by FOREIGN KEY (created_by) REFERENCES users (id),
        CONSTRAINT ck_schedule_rules_hours CHECK (
          lecture_hours >= 0 AND laboratory_hours >= 0 AND practice_hours >= 0
          AND lecture_hours % 2 = 0 AND laboratory_hours % 2 = 0 AND practice_hours % 2 = 0
          AND lecture_hours + laboratory_hours + practice_hours > 0),
        CONSTRAINT ck_schedule_rules_start_weeks CHECK (
          lecture_start_week >= 1 AND laboratory_start_week >= 1 AND practice_start_week >= 1),
        CONSTRAINT ck_schedule_rules_status CHECK (status IN ('ACTIVE','ARCHIVED')),
        CONSTRAINT ck_schedule_rules_archived_at CHECK ((status = 'ARCHIVED') = (archived_at IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX ix_schedule_rules_version_active ON schedule_rules (schedule_version_id) WHERE status = 'ACTIVE'`);
    await db.query(`CREATE INDEX ix_schedule_rules_semester ON schedule_rules (semester_id)`);
    await db.query(`CREATE INDEX ix_schedule_rules_subject ON schedule_rules (subject_id)`);

    await db.query(`
      CREATE TABLE schedule_rule_groups (
        rule_id   integer NOT NULL,
        group_id  integer NOT NULL,
        CONSTRAINT pk_schedule_rule_groups PRIMARY KEY (rule_id, group_id),
        CONSTRAINT fk_schedule_rule_groups_rule FOREIGN KEY (rule_id) REFERENCES schedule_rules (id) ON DELETE CASCADE,
        CONSTRAINT fk_schedule_rule_groups_group FOREIGN KEY (group_id) REFERENCES study_groups (id)
      )`);
    await db.query(`CREATE INDEX ix_schedule_rule_groups_group ON schedule_rule_groups (group_id)`);

    await db.query(`
      CREATE TABLE schedule_rule_slots (
        id              serial PRIMARY KEY,
        rule_id         integer NOT NULL,
        day_of_week     integer NOT NULL,
        parity          varchar(4) NOT NULL,
        time_slot_id    integer NOT NULL,
        teacher_id      integer NOT NULL,
        classroom_id    integer NOT NULL,
        lesson_type_id  integer NOT NULL,
        lesson_format   varchar(16) NOT NULL,
        CONSTRAINT fk_schedule_rule_slots_rule FOREIGN KEY (rule_id) REFERENCES schedule_rules (id) ON DELETE CASCADE,
        CONSTRAINT fk_schedule_rule_slots_time_slot FOREIGN KEY (time_slot_id) REFERENCES time_slots (id),
        CONSTRAINT fk_schedule_rule_slots_teacher FOREIGN KEY (teacher_id) REFERENCES users (id),
        CONSTRAINT fk_schedule_rule_slots_classroom FOREIGN KEY (classroom_id) REFERENCES classrooms (id),
        CONSTRAINT fk_schedule_rule_slots_lesson_type FOREIGN KEY (lesson_type_id) REFERENCES lesson_types (id),
        CONSTRAINT ck_schedule_rule_slots_day CHECK (day_of_week BETWEEN 1 AND 7),
        CONSTRAINT ck_schedule_rule_slots_parity CHECK (parity IN ('BOTH','ODD','EVEN')),
        CONSTRAINT ck_schedule_rule_slots_format CHECK (lesson_format IN ('Очно','Онлайн'))
      )`);
    await db.query(`CREATE INDEX ix_schedule_rule_slots_rule ON schedule_rule_slots (rule_id)`);
    await db.query(`CREATE INDEX ix_schedule_rule_slots_teacher ON schedule_rule_slots (teacher_id)`);
    await db.query(`CREATE INDEX ix_schedule_rule_slots_classroom ON schedule_rule_slots (classroom_id)`);
    await db.query(`CREATE INDEX ix_schedule_rule_slots_time_slot ON schedule_rule_slots (time_slot_id)`);

    await db.query(`
      CREATE TABLE schedule_rule_slot_subgroups (
        slot_id      integer NOT NULL,
        subgroup_id  integer NOT NULL,
        CONSTRAINT pk_schedule_rule_slot_subgroups PRIMARY KEY (slot_id, subgroup_id),
        CONSTRAINT fk_schedule_rule_slot_subgroups_slot FOREIGN KEY (slot_id) REFERENCES schedule_rule_slots (id) ON DELETE CASCADE,
        CONSTRAINT fk_schedule_rule_slot_subgroups_subgroup FOREIGN KEY (subgroup_id) REFERENCES subgroups (id)
      )`);
    await db.query(`CREATE INDEX ix_schedule_rule_slot_subgroups_subgroup ON schedule_rule_slot_subgroups (subgroup_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['schedule_rule_slot_subgroups', 'schedule_rule_slots', 'schedule_rule_groups', 'schedule_rules']) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
