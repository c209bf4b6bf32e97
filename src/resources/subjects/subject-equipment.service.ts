import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, NotFoundError } from '../../platform/http/app-error';
import { EquipmentRepository } from '../equipment/equipment.repository';
import { SubjectEquipmentRequest, SubjectEquipmentResponse } from './dto/subject-equipment.dto';
import { SubjectEquipmentRepository } from './subject-equipment.repository';
import { SubjectsRepository } from './subjects.repository';
import { SUBJECT_NOT_FOUND } from './subjects.service';

/**
 * What a subject's lessons need in their room, by lesson type (issues 43 and 45 §5). The office sets
 * the whole set at once; rule checks, validation, the free-room lists and the solver read it.
 */
@Injectable()
export class SubjectEquipmentService {
  constructor(
    private readonly db: TenantDb,
    private readonly subjects: SubjectsRepository,
    private readonly requirements: SubjectEquipmentRepository,
    private readonly equipment: EquipmentRepository,
  ) {}

  async get(subjectId: number): Promise<SubjectEquipmentResponse> {
    if (!(await this.subjects.find(subjectId))) throw new NotFoundError(SUBJECT_NOT_FOUND);
    return this.answer(subjectId);
  }

  /** Replaces the subject's requirements; the subject is locked so two replacements apply one after the other. */
  async replace(subjectId: number, request: SubjectEquipmentRequest): Promise<SubjectEquipmentResponse> {
    return this.db.transaction(async () => {
      if (!(await this.subjects.lockForChange(subjectId))) throw new NotFoundError(SUBJECT_NOT_FOUND);
      const seen = new Set<number>();
      for (const [index, requirement] of request.requirements.entries()) {
        if (seen.has(requirement.lessonTypeId)) throw new BadRequestError('Тип занятия указан в требованиях дважды').at(`requirements[${index}].lessonTypeId`);
        seen.add(requirement.lessonTypeId);
      }
      const missingTypes = new Set(await this.requirements.missingLessonTypes([...seen]));
      const wrongType = request.requirements.findIndex((requirement) => missingTypes.has(requirement.lessonTypeId));
      if (wrongType >= 0) {
        throw new BadRequestError(`Тип занятия ${request.requirements[wrongType].lessonTypeId} не найден`).at(`requirements[${wrongType}].lessonTypeId`);
      }
      const missing = new Set(await this.equipment.missing([...new Set(request.requirements.flatMap((requirement) => requirement.equipmentIds))]));
      for (const [index, requirement] of request.requirements.entries()) {
        const unknown = requirement.equipmentIds.filter((id) => missing.has(id));
        if (unknown.length > 0) throw new BadRequestError(`Оборудование не найдено: ${unknown.join(', ')}`).at(`requirements[${index}].equipmentIds`);
      }
      const pairs = request.requirements.flatMap((requirement) =>
        [...new Set(requirement.equipmentIds)].map((equipmentId) => ({ lessonTypeId: requirement.lessonTypeId, equipmentId })),
      );
      await this.requirements.replace(subjectId, pairs);
      return this.answer(subjectId);
    });
  }

  private async answer(subjectId: number): Promise<SubjectEquipmentResponse> {
    const byType = new Map<number, SubjectEquipmentResponse['requirements'][number]>();
    for (const row of await this.requirements.of(subjectId)) {
      let requirement = byType.get(row.lessonTypeId);
      if (!requirement) byType.set(row.lessonTypeId, (requirement = { lessonTypeId: row.lessonTypeId, lessonTypeName: row.lessonTypeName, equipments: [] }));
      requirement.equipments.push({ id: row.equipmentId, name: row.equipmentName });
    }
    return { subjectId, requirements: [...byType.values()] };
  }
}
