import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { ID_ROW, int, rowShape, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

defineConstraintMessages({
  fk_subject_equipment_equipment: 'Оборудование не найдено: возможно, его только что удалили',
  fk_subject_equipment_subject: 'Дисциплина не найдена: возможно, её только что удалили',
});

const REQUIREMENT_ROW = rowShape({ lessonTypeId: int, lessonTypeName: text, equipmentId: int, equipmentName: text });

/** SQL over `subject_equipment_requirements`: what a subject's lessons of a type need in their room. */
@Injectable()
export class SubjectEquipmentRepository {
  constructor(private readonly db: TenantDb) {}

  /** The subject's requirements by lesson type, then equipment name. */
  of(subjectId: number) {
    return this.db.rows(
      REQUIREMENT_ROW,
      `SELECT r.lesson_type_id AS "lessonTypeId", t.name AS "lessonTypeName", e.id AS "equipmentId", e.name AS "equipmentName"
         FROM subject_equipment_requirements r
         JOIN lesson_types t ON t.id = r.lesson_type_id
         JOIN equipments e ON e.id = r.equipment_id
        WHERE r.subject_id = $1
        ORDER BY r.lesson_type_id, lower(e.name), e.id`,
      [subjectId],
    );
  }

  /** Of the given ids, those that name no lesson type. */
  async missingLessonTypes(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.rows(
      ID_ROW,
      `SELECT wanted.id FROM unnest($1::int[]) AS wanted (id) WHERE NOT EXISTS (SELECT 1 FROM lesson_types t WHERE t.id = wanted.id) ORDER BY wanted.id`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** Replaces the subject's whole set (call inside the transaction that locks the subject). */
  async replace(subjectId: number, pairs: readonly { lessonTypeId: number; equipmentId: number }[]): Promise<void> {
    await this.db.execute(`DELETE FROM subject_equipment_requirements WHERE subject_id = $1`, [subjectId]);
    if (pairs.length === 0) return;
    await this.db.execute(
      `INSERT INTO subject_equipment_requirements (subject_id, lesson_type_id, equipment_id)
       SELECT $1, lesson_type_id, equipment_id FROM unnest($2::int[], $3::int[]) AS wanted (lesson_type_id, equipment_id)`,
      [subjectId, pairs.map((pair) => pair.lessonTypeId), pairs.map((pair) => pair.equipmentId)],
    );
  }
}
