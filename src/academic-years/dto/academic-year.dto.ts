import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsDefined, ValidateNested, ValidationArguments } from 'class-validator';
import { CalendarDateField, OneOfField } from '../../platform/http/validators';
import { SEMESTER_TYPES, SemesterType } from '../periods';

const field = (args: ValidationArguments) => `Поле «${args.property}»`;

export class SemesterRequest {
  @ApiProperty({ enum: SEMESTER_TYPES, example: 'autumn', description: 'Один семестр каждого типа в учебном году' })
  @OneOfField(SEMESTER_TYPES)
  semesterType!: SemesterType;

  @ApiProperty({ example: '2025-09-01', description: 'Первый день семестра (включительно)' })
  @CalendarDateField()
  startDate!: string;

  @ApiProperty({ example: '2025-12-31', description: 'Последний день семестра (включительно), не раньше начала' })
  @CalendarDateField()
  endDate!: string;
}

export class AcademicYearCreateRequest {
  @ApiProperty({
    example: '2025-09-01',
    description: 'Название «<год>-<год+1>» и дата окончания (30 июня следующего года) вычисляются; присланные title и endDate игнорируются',
  })
  @CalendarDateField()
  startDate!: string;

  @ApiProperty({ type: [SemesterRequest], minItems: 1, description: 'Хотя бы один семестр; каждый получает версию расписания 1' })
  @IsDefined({ message: (args: ValidationArguments) => `${field(args)} обязательно` })
  @IsArray({ message: (args: ValidationArguments) => `${field(args)} должно быть массивом семестров` })
  @ArrayMinSize(1, { message: 'Учебный год должен содержать хотя бы один семестр' })
  @ValidateNested({ each: true, message: (args: ValidationArguments) => `${field(args)} должно содержать объекты семестров` })
  @Type(() => SemesterRequest)
  semesters!: SemesterRequest[];
}

export class AcademicYearUpdateRequest {
  @ApiProperty({
    example: '2025-09-01',
    description: 'Новая дата начала; название и дата окончания пересчитываются. Семестры в теле игнорируются: они меняются отдельно',
  })
  @CalendarDateField()
  startDate!: string;
}

export class SemesterResponse {
  @ApiProperty() id!: number;
  @ApiProperty() academicYearId!: number;
  @ApiProperty({ enum: SEMESTER_TYPES }) semesterType!: SemesterType;
  @ApiProperty({ example: '2025-09-01' }) startDate!: string;
  @ApiProperty({ example: '2025-12-31' }) endDate!: string;
}

export class AcademicYearResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '2025-2026' }) title!: string;
  @ApiProperty({ example: '2025-09-01' }) startDate!: string;
  @ApiProperty({ example: '2026-06-30' }) endDate!: string;
  @ApiProperty({ type: [SemesterResponse], description: 'По дате начала' }) semesters!: SemesterResponse[];
}

export class SemesterListItem extends SemesterResponse {
  @ApiProperty({ example: '2025-2026' }) academicYearTitle!: string;
}
