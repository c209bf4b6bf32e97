import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { GRID_EDITORS, GRID_READERS } from '../shared/access';
import { EffectiveGridQuery, EffectiveGridResponse, TimeSlotListQuery, TimeSlotRequest, TimeSlotResponse } from './dto/time-slot.dto';
import { EffectiveGridService } from './effective-grid.service';
import { TimeSlotsService } from './time-slots.service';

@ApiTags('Сетки звонков')
@ApiBearerAuth()
@Controller('api/admin/time-slots')
export class TimeSlotsController {
  constructor(
    private readonly slots: TimeSlotsService,
    private readonly effective: EffectiveGridService,
  ) {}

  @Get()
  @Roles(...GRID_READERS)
  @ApiOperation({ summary: 'Пары всех сеток (или одной, ?scopeId=): по сеткам, затем по номеру' })
  @ApiOkResponse({ type: [TimeSlotResponse] })
  list(@Query() query: TimeSlotListQuery): Promise<TimeSlotResponse[]> {
    return this.slots.list(query.scopeId);
  }

  @Get('effective')
  @Roles(...GRID_READERS)
  @ApiOperation({ summary: 'Действующая сетка на дату: ручная по назначению, иначе субботняя в субботу, иначе основная' })
  @ApiOkResponse({ type: EffectiveGridResponse })
  effectiveOn(@Query() query: EffectiveGridQuery): Promise<EffectiveGridResponse> {
    return this.effective.on(query.date);
  }

  @PostOk()
  @Roles(...GRID_EDITORS)
  @ApiOperation({ summary: 'Добавить пару в сетку; durationMinutes вычисляется' })
  @ApiOkResponse({ type: TimeSlotResponse })
  create(@Body() body: TimeSlotRequest): Promise<TimeSlotResponse> {
    return this.slots.create(body);
  }

  @Put(':id')
  @Roles(...GRID_EDITORS)
  @ApiOperation({ summary: 'Изменить пару (номер, время, сетку)' })
  @ApiOkResponse({ type: TimeSlotResponse })
  update(@IdParam('id') id: number, @Body() body: TimeSlotRequest): Promise<TimeSlotResponse> {
    return this.slots.update(id, body);
  }

  @Delete(':id')
  @Roles(...GRID_EDITORS)
  @ApiOperation({ summary: 'Удалить пару, не используемую в расписании; возвращает удалённую' })
  @ApiOkResponse({ type: TimeSlotResponse })
  remove(@IdParam('id') id: number): Promise<TimeSlotResponse> {
    return this.slots.remove(id);
  }
}
