import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every table that decides which lessons exist, when, or what they are called. A change to any of them
 * bumps the schedule data stamp, which the viewing cache compares on every request.
 */
export const SCHEDULE_STAMPED_TABLES = [
  'schedule_rules',
  'schedule_rule_groups',
  'schedule_rule_slots',
  'schedule_rule_slot_subgroups',
  'schedule_versions',
  'semesters',
  'academic_years',
  'time_slots',
  'time_grid_scopes',
  'time_grid_date_assignments',
  'academic_calendars',
  'academic_calendar_periods',
  'group_calendar_assignments',
  'activity_types',
  'study_groups',
  'subgroups',
  'users',
  'classrooms',
  'subjects',
  'lesson_types',
  'departments',
] as const;

/**
 * The schedule data stamp: one row whose counter grows whenever schedule-relevant data commits, so
 * every instance can validate its in-memory snapshots with one tiny query.
 *
 * The bump runs in a deferred constraint trigger, i.e. at COMMIT, and only once per transaction (a
 * transaction-local setting remembers it). It therefore commits atomically with the change (a reader
 * never sees the new stamp without the data, nor the data without the new stamp), and the stamp row is
 * locked only for the instant of the commit: an immediate (statement-level) bump would hold that lock
 * from the first write to the end of the transaction, serialising every writer of these tables and
 * deadlocking transactions that write first and lock other rows afterwards.
 */
export class ScheduleDataStamp1764000000100 implements MigrationInterface {
  name = 'ScheduleDataStamp1764000000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE schedule_data_stamp (
        id     integer NOT NULL,
        stamp  bigint NOT NULL,
        CONSTRAINT pk_schedule_data_stamp PRIMARY KEY (id),
        CONSTRAINT ck_schedule_data_stamp_single_row CHECK (id = 1)
      )`);
    await db.query(`INSERT INTO schedule_data_stamp (id, stamp) VALUES (1, 1)`);
    await db.query(`
      CREATE FUNCTION bump_schedule_data_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('timetable.schedule_stamp_bumped', true) IS DISTINCT FROM 'on' THEN
          UPDATE schedule_data_stamp SET stamp = stamp + 1 WHERE id = 1;
          PERFORM set_config('timetable.schedule_stamp_bumped', 'on', true);
        END IF;
        RETURN NULL;
      END
      $$`);
    for (const table of SCHEDULE_STAMPED_TABLES) {
      await db.query(`
        CREATE CONSTRAINT TRIGGER trg_${table}_schedule_stamp
          AFTER INSERT OR UPDATE OR DELETE ON ${table}
          DEFERRABLE INITIALLY DEFERRED
          FOR EACH ROW EXECUTE FUNCTION bump_schedule_data_stamp()`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of SCHEDULE_STAMPED_TABLES) {
      await db.query(`DROP TRIGGER IF EXISTS trg_${table}_schedule_stamp ON ${table}`);
    }
    await db.query(`DROP FUNCTION IF EXISTS bump_schedule_data_stamp()`);
    await db.query(`DROP TABLE IF EXISTS schedule_data_stamp`);
  }
}
