import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendar feeds bump an event's SEQUENCE only when its lesson changed (issue 53). A change from a
 * date closes a slot's period (`active_to`) or links a new row to it (`continues_slot_id`): the
 * lessons before the date are exactly as they were, so the slot's revision must not grow, or every
 * subscriber's calendar would be told that every given lesson of that slot changed. The slot's
 * revision now grows only when what its lessons show changes: rule, day, parity, pair, teacher, room,
 * lesson type, format. (The lessons a closed period no longer lays out leave the feed; the new
 * period's lessons are new events of their own row.)
 */
export class FeedSequenceByPlacement1765000200000 implements MigrationInterface {
  name = 'FeedSequenceByPlacement1765000200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS trg_schedule_rule_slots_calendar_revision ON schedule_rule_slots`);
    await db.query(`
      CREATE TRIGGER trg_schedule_rule_slots_calendar_revision
        AFTER UPDATE ON schedule_rule_slots
        FOR EACH ROW WHEN (
          (OLD.rule_id, OLD.day_of_week, OLD.parity, OLD.time_slot_id, OLD.teacher_id, OLD.classroom_id, OLD.lesson_type_id, OLD.lesson_format)
            IS DISTINCT FROM
          (NEW.rule_id, NEW.day_of_week, NEW.parity, NEW.time_slot_id, NEW.teacher_id, NEW.classroom_id, NEW.lesson_type_id, NEW.lesson_format)
        ) EXECUTE FUNCTION bump_calendar_slot_revision()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS trg_schedule_rule_slots_calendar_revision ON schedule_rule_slots`);
    await db.query(`
      CREATE TRIGGER trg_schedule_rule_slots_calendar_revision
        AFTER UPDATE ON schedule_rule_slots
        FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION bump_calendar_slot_revision()`);
  }
}
