import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, Min, ValidateNested, ValidationArguments } from 'class-validator';
import { IdField } from '../../../platform/http/validators';
import { EquipmentResponse } from '../../equipment/dto/equipment.dto';

/** A subject names at most this much equipment per lesson type, and at most this many lesson types. */
export const MAX_REQUIRED_EQUIPMENT = 20;
export const MAX_REQUIREMENTS = 10;

const say = (text: string) => (args: ValidationArguments) => `Поле «${args.property}» ${text}`;

export class SubjectEquipmentRequirementRequest {
  @ApiProperty({ description: 'Тип занятия (GET /api/lesson-types)', example: 3 })
  @IdField()
  lessonTypeId!: number;

  @ApiProperty({ type: [Number], description: 'Оборудование, которое должно быть в аудитории каждого занятия этого типа', example: [2] })
  @IsDefined({ message: say('обязательно') })
  @IsArray({ message: say('должно быть массивом идентификаторов') })
  @ArrayMaxSize(MAX_REQUIRED_EQUIPMENT, { message: say(`может содержать не более ${MAX_REQUIRED_EQUIPMENT} значений`) })
  @IsInt({ each: true, message: say('должно содержать целые числа') })
  @Min(1, { each: true, message: say('должно содержать положительные числа') })
  equipmentIds!: number[];
}

/** The whole set of a subject's requirements: what is not listed is not required. */
export class SubjectEquipmentRequest {
  @ApiProperty({ type: [SubjectEquipmentRequirementRequest], description: 'Заменяет все требования дисциплины; пустой список снимает их' })
  @IsDefined({ message: say('обязательно') })
  @IsArray({ message: say('должно быть массивом требований') })
  @ArrayMaxSize(MAX_REQUIREMENTS, { message: say(`может содержать не более ${MAX_REQUIREMENTS} требований`) })
  @ValidateNested({ each: true, message: say('должно содержать объекты требований') })
  @Type(() => SubjectEquipmentRequirementRequest)
  requirements!: SubjectEquipmentRequirementRequest[];
}

export class SubjectEquipmentRequirementResponse {
  @ApiProperty() lessonTypeId!: number;
  @ApiProperty({ example: 'Лабораторная работа' }) lessonTypeName!: string;
  @ApiProperty({ type: [EquipmentResponse] }) equipments!: EquipmentResponse[];
}

export class SubjectEquipmentResponse {
  @ApiProperty() subjectId!: number;
  @ApiProperty({ type: [SubjectEquipmentRequirementResponse], description: 'По типам занятий; тип без требований не указан' })
  requirements!: SubjectEquipmentRequirementResponse[];
}
