import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendar feeds (issue 16): a user's subscriptions to a group's, teacher's, classroom's or their own
 * timetable, each reachable by a long random secret of which only the SHA-256 is kept.
 *
 * Calendar clients keep an event when its UID stays and take a newer copy when SEQUENCE grows, so the
 * feed needs a revision per lesson that only ever increases. Triggers record it where lessons change:
 * every write of a one-off change bumps the revision of the lesson it names (also a deletion, which
 * gives the lesson back its original place), and a real change of a rule slot (teacher, room, pair,
 * format...) bumps the revision of every lesson of that slot.
 */
export class CalendarFeeds1764300000200 implements MigrationInterface {
  name = 'CalendarFeeds1764300000200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE calendar_feeds (
        id            serial PRIMARY KEY,
        owner_id      integer NOT NULL,
        kind          varchar(16) NOT NULL,
        group_id      integer,
        teacher_id    integer,
        classroom_id  integer,
        secret_hash   bytea NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        revoked_at    timestamptz,
        CONSTRAINT fk_calendar_feeds_owner FOREIGN KEY (owner_id) REFERENCES users (id),
        CONSTRAINT fk_calendar_feeds_group FOREIGN KEY (group_id) REFERENCES study_groups (id),
        CONSTRAINT fk_calendar_feeds_teacher FOREIGN KEY (teacher_id) REFERENCES users (id),
        CONSTRAINT fk_calendar_feeds_classroom FOREIGN KEY (classroom_id) REFERENCES classrooms (id),
        CONSTRAINT uq_calendar_feeds_secret UNIQUE (secret_hash),
        CONSTRAINT ck_calendar_feeds_kind CHECK (kind IN ('GROUP','TEACHER','CLASSROOM','MY_LESSONS')),
        CONSTRAINT ck_calendar_feeds_target CHECK (
          (kind = 'GROUP' AND group_id IS NOT NULL AND teacher_id IS NULL AND classroom_id IS NULL) OR
          (kind IN ('TEACHER','MY_LESSONS') AND teacher_id IS NOT NULL AND group_id IS NULL AND classroom_id IS NULL) OR
          (kind = 'CLASSROOM' AND classroom_id IS NOT NULL AND group_id IS NULL AND teacher_id IS NULL)),
        CONSTRAINT ck_calendar_feeds_secret_length CHECK (octet_length(secret_hash) = 32)
      )`);
    await db.query(`CREATE INDEX ix_calendar_feeds_owner ON calendar_feeds (owner_id, id) WHERE revoked_at IS NULL`);

    await db.query(`
      CREATE TABLE calendar_lesson_revisions (
        base_rule_slot_id integer NOT NULL,
        lesson_date       date NOT NULL,
        revision          integer NOT NULL,
        modified_at       timestamptz NOT NULL,
        CONSTRAINT pk_calendar_lesson_revisions PRIMARY KEY (base_rule_slot_id, lesson_date),
        CONSTRAINT fk_calendar_lesson_revisions_slot FOREIGN KEY (base_rule_slot_id) REFERENCES schedule_rule_slots (id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE TABLE calendar_slot_revisions (
        slot_id      integer NOT NULL,
        revision     integer NOT NULL,
        modified_at  timestamptz NOT NULL,
        CONSTRAINT pk_calendar_slot_revisions PRIMARY KEY (slot_id),
        CONSTRAINT fk_calendar_slot_revisions_slot FOREIGN KEY (slot_id) REFERENCES schedule_rule_slots (id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE FUNCTION bump_calendar_lesson_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed schedule_overrides%ROWTYPE;
      BEGIN
        IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
        INSERT INTO calendar_lesson_revisions AS r (base_rule_slot_id, lesson_date, revision, modified_at)
          VALUES (changed.base_rule_slot_id, changed.lesson_date, 1, clock_timestamp())
          ON CONFLICT (base_rule_slot_id, lesson_date)
          DO UPDATE SET revision = r.revision + 1, modified_at = clock_timestamp();
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE TRIGGER trg_schedule_overrides_calendar_revision
        AFTER INSERT OR UPDATE OR DELETE ON schedule_overrides
        FOR EACH ROW EXECUTE FUNCTION bump_calendar_lesson_revision()`);
    await db.query(`
      CREATE FUNCTION bump_calendar_slot_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO calendar_slot_revisions AS r (slot_id, revision, modified_at)
          VALUES (NEW.id, 1, clock_timestamp())
          ON CONFLICT (slot_id) DO UPDATE SET revision = r.revision + 1, modified_at = clock_timestamp();
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE TRIGGER trg_schedule_rule_slots_calendar_revision
        AFTER UPDATE ON schedule_rule_slots
        FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_calendar_slot_revision()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS trg_schedule_rule_slots_calendar_revision ON schedule_rule_slots`);
    await db.query(`DROP TRIGGER IF EXISTS trg_schedule_overrides_calendar_revision ON schedule_overrides`);
    await db.query(`DROP FUNCTION IF EXISTS bump_calendar_slot_revision()`);
    await db.query(`DROP FUNCTION IF EXISTS bump_calendar_lesson_revision()`);
    await db.query(`DROP TABLE IF EXISTS calendar_slot_revisions`);
    await db.query(`DROP TABLE IF EXISTS calendar_lesson_revisions`);
    await db.query(`DROP TABLE IF EXISTS calendar_feeds`);
  }
}
