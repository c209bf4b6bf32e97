import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { IdParam } from '../../platform/http/id-param';
import { CALENDAR_EDITORS } from '../shared/access';
import { ArrayBodyPipe } from '../shared/array-body.pipe';
import { CalendarGridService } from './calendar-grid.service';
import { GridCellRequest, GridDayResponse } from './dto/grid.dto';
import { rowLabel } from './grid-rules';

/** At most every day of a leap year for each of eight courses. */
const MAX_GRID_ROWS = 8 * 366;

const gridBody = new ArrayBodyPipe({
  item: GridCellRequest,
  shape: 'дней графика [{courseNumber, date, weekNumber, dayOfWeek, activityTypeId или activityCode}]',
  maxItems: MAX_GRID_ROWS,
  allowEmpty: false,
  emptyMessage: 'График не может быть пустым: передайте хотя бы один день',
  label: (index, raw) => {
    const row = raw as { courseNumber?: unknown; date?: unknown } | null | undefined;
    return rowLabel(index, row?.courseNumber, row?.date);
  },
});

@ApiTags('Учебные календари')
@ApiBearerAuth()
@Controller('api/admin/academic-calendars')
export class CalendarGridController {
  constructor(private readonly grid: CalendarGridService) {}

  @Get(':id/grid')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({ summary: 'График по дням: по курсу, затем по дате; пустые дни не выводятся' })
  @ApiOkResponse({ type: [GridDayResponse] })
  get(@IdParam('id') id: number): Promise<GridDayResponse[]> {
    return this.grid.get(id);
  }

  @Put(':id/grid')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({
    summary: 'Заменить график целиком',
    description:
      'Весь список проверяется до изменений; при ошибке — 400 с первой ошибочной строкой (номер с 1, курс, дата), график не меняется. ' +
      'Соседние дни курса с одним видом деятельности сохраняются одним периодом.',
  })
  @ApiBody({ type: [GridCellRequest] })
  @ApiOkResponse({ type: [GridDayResponse] })
  replace(@IdParam('id') id: number, @Body(gridBody) cells: GridCellRequest[]): Promise<GridDayResponse[]> {
    return this.grid.replace(id, cells);
  }
}
