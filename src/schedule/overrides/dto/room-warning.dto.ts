import { ApiProperty } from '@nestjs/swagger';
import { RoomWarningCode } from '../../../schedule-engine/room-warnings';
import { OverrideResponse } from './override-response.dto';

const CODES: RoomWarningCode[] = ['ROOM_TOO_SMALL', 'ROOM_LACKS_EQUIPMENT'];

/** Something the office should know about a change it saved: not a refusal (issue 55). */
export class RoomWarningDto {
  @ApiProperty({ enum: CODES, description: 'ROOM_TOO_SMALL — мест меньше, чем студентов; ROOM_LACKS_EQUIPMENT — нет нужного дисциплине оборудования' })
  code!: RoomWarningCode;

  @ApiProperty({ example: 'В аудитории 1-105 20 мест, а на занятии 25 студентов' })
  message!: string;
}

/** The answer to creating or changing a one-off change: the change, and what to know about its room. */
export class OverrideWriteResponse extends OverrideResponse {
  @ApiProperty({ type: [RoomWarningDto], description: 'Предупреждения об аудитории занятия (изменение сохранено); пусто, если их нет' })
  warnings!: RoomWarningDto[];
}
