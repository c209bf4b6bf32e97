import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Min } from 'class-validator';

/** At most this many ids per list: a large university has about ten thousand rules. */
export const MAX_LOCKED_IDS = 20000;

/** An optional list of positive ids, each refusal naming the field. */
function IdList(field: string, description: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: [Number], description: `${description}; без поля — пусто` }),
    IsOptional(),
    IsArray({ message: `Поле «${field}» должно быть списком id` }),
    ArrayMaxSize(MAX_LOCKED_IDS, { message: `Поле «${field}» может содержать не более ${MAX_LOCKED_IDS} id` }),
    IsInt({ each: true, message: `Поле «${field}» должно содержать целые числа` }),
    Min(1, { each: true, message: `Поле «${field}» должно содержать положительные числа` }),
  );
}

/** The whole set of a version's locks (PUT replaces it). */
export class VersionLocksRequest {
  @IdList('ruleIds', 'Правила этой версии, которые расчёт не двигает') ruleIds?: number[];
  @IdList('groupIds', 'Группы: все их правила') groupIds?: number[];
  @IdList('teacherIds', 'Преподаватели: все правила с их слотами') teacherIds?: number[];
  @IdList('classroomIds', 'Аудитории: все правила с их слотами') classroomIds?: number[];
  @IdList('departmentIds', 'Кафедры: все правила их групп') departmentIds?: number[];
}
