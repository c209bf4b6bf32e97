import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, Min, ValidationArguments } from 'class-validator';
import { IdField } from '../../../platform/http/validators';
import { PresentOnly } from '../../shared/validators';

/** More types than the reference list could ever hold is a client error, whatever the ids. */
export const MAX_LESSON_TYPE_IDS = 20;

const say = (text: string) => (args: ValidationArguments) => `Поле «${args.property}» ${text}`;

/** A list of lesson type ids (each a positive integer); the service checks that they exist. */
function LessonTypeIdsField(options: { required: boolean }) {
  return applyDecorators(
    options.required ? IsDefined({ message: say('обязательно (пустой массив снимает ограничение)') }) : PresentOnly(),
    IsArray({ message: say('должно быть массивом идентификаторов видов занятий') }),
    ArrayMaxSize(MAX_LESSON_TYPE_IDS, { message: say(`может содержать не более ${MAX_LESSON_TYPE_IDS} значений`) }),
    IsInt({ each: true, message: say('должно содержать целые числа') }),
    Min(1, { each: true, message: say('должно содержать положительные числа') }),
  );
}

const LESSON_TYPES_DESCRIPTION =
  'Виды занятий (GET /api/lesson-types), которые преподаватель ведёт по дисциплине; пустой массив — все виды. ' +
  'Мастер замен при отсутствии предлагает преподавателя только для занятий этих видов.';

export class TeacherSubjectRequest {
  @ApiProperty({ description: 'Активный пользователь с ролью TEACHER' })
  @IdField()
  userId!: number;

  @ApiProperty({ description: 'Неархивная дисциплина' })
  @IdField()
  subjectId!: number;
}

/** A new link, optionally restricted to some lesson types. */
export class TeacherSubjectCreateRequest extends TeacherSubjectRequest {
  @ApiPropertyOptional({ type: [Number], description: LESSON_TYPES_DESCRIPTION, default: [] })
  @LessonTypeIdsField({ required: false })
  lessonTypeIds?: number[];
}

/** The whole lesson-type restriction of an existing link (it replaces the previous one). */
export class TeacherSubjectLessonTypesRequest extends TeacherSubjectRequest {
  @ApiProperty({ type: [Number], description: LESSON_TYPES_DESCRIPTION })
  @LessonTypeIdsField({ required: true })
  lessonTypeIds!: number[];
}

export class TeacherSubjectResponse {
  @ApiProperty() userId!: number;
  @ApiProperty({ description: 'ФИО преподавателя' }) userName!: string;
  @ApiProperty() subjectId!: number;
  @ApiProperty() subjectName!: string;
  @ApiProperty({ type: [Number], description: 'Виды занятий, которыми ограничено закрепление, по возрастанию id; пустой массив — все виды' })
  lessonTypeIds!: number[];
}
