import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, IntField } from '../../../platform/http/validators';

/** A weight is whole points per problem, as in the report; 0 switches the penalty off. */
export const MAX_WEIGHT = 1000;
/** Pairs per day: a day has at most this many pairs in any grid. */
export const MAX_PAIRS_PER_DAY = 12;
/** Study days per week: a calendar week has seven. */
export const MAX_DAYS_PER_WEEK = 7;

/**
 * The university's rules of a good timetable (issue 54 §3), in the quality report's words: the
 * weight of each of its penalties, the day limits, and what the solver treats as hard.
 */
export class SolverSettingsRequest {
  @ApiProperty({ description: 'Аудитория меньше состава занятия: расчёт никогда не ставит занятие в такую аудиторию (true) или только штрафует (false)' })
  @BooleanField()
  roomTooSmallHard!: boolean;

  @ApiProperty({ description: 'Аудитория меньше состава занятия: баллов за занятие (в отчёте о качестве и в расчёте, если не жёстко)' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  roomTooSmall!: number;

  @ApiProperty({ description: 'Аудитория слишком велика: баллов за занятие' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  roomTooBig!: number;

  @ApiProperty({ description: 'Окна у групп: баллов за пустую пару' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  groupWindows!: number;

  @ApiProperty({ description: 'Окна у преподавателей: баллов за пустую пару' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  teacherWindows!: number;

  @ApiProperty({ description: 'Перегруженные дни групп: пар в день без штрафа' })
  @IntField({ min: 1, max: MAX_PAIRS_PER_DAY })
  groupPairsPerDay!: number;

  @ApiProperty({ description: 'Перегруженные дни групп: баллов за каждую пару сверх предела' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  groupOverload!: number;

  @ApiProperty({ description: 'Перегруженные дни преподавателей: пар в день без штрафа' })
  @IntField({ min: 1, max: MAX_PAIRS_PER_DAY })
  teacherPairsPerDay!: number;

  @ApiProperty({ description: 'Перегруженные дни преподавателей: баллов за каждую пару сверх предела' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  teacherOverload!: number;

  @ApiProperty({ description: 'Нарушенные пожелания преподавателей: нежелательное время закрыто для расчёта (true) или только штрафуется (false)' })
  @BooleanField()
  preferencesHard!: boolean;

  @ApiProperty({ description: 'Нарушенные пожелания преподавателей: баллов за нарушение' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  preferences!: number;

  @ApiProperty({ description: 'Неравномерная нагрузка по неделе: баллов за пару сверх равной доли' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  unevenWeek!: number;

  @ApiProperty({ description: 'Занятия на последней паре дня: баллов за занятие на последней паре основной сетки звонков (0 — не учитывать)' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  lastPair!: number;

  @ApiProperty({ description: 'Дней в неделю у групп: учебных дней в неделю без штрафа' })
  @IntField({ min: 1, max: MAX_DAYS_PER_WEEK })
  groupDaysPerWeek!: number;

  @ApiProperty({ description: 'Дней в неделю у групп: баллов за каждый учебный день сверх предела (0 — не учитывать)' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  groupExtraDay!: number;

  @ApiProperty({ description: 'Дней в неделю у преподавателей: учебных дней в неделю без штрафа' })
  @IntField({ min: 1, max: MAX_DAYS_PER_WEEK })
  teacherDaysPerWeek!: number;

  @ApiProperty({ description: 'Дней в неделю у преподавателей: баллов за каждый учебный день сверх предела (0 — не учитывать)' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  teacherExtraDay!: number;

  @ApiProperty({ description: 'Исправление расписания (REPAIR): баллов за каждое перенесённое занятие' })
  @IntField({ min: 0, max: MAX_WEIGHT })
  movedLesson!: number;
}

export class SolverSettingsResponse extends SolverSettingsRequest {
  @ApiProperty({ description: 'true — ничего не менялось, действуют значения по умолчанию' }) defaults!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Когда правила меняли в последний раз' }) updatedAt!: string | null;
}
