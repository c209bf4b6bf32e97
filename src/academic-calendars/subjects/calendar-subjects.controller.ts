import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { IdParam } from '../../platform/http/id-param';
import { CALENDAR_EDITORS } from '../shared/access';
import { ArrayBodyPipe } from '../shared/array-body.pipe';
import { CalendarSubjectsService, itemLabel } from './calendar-subjects.service';
import { CalendarSubjectRequest, CalendarSubjectResponse } from './dto/calendar-subject.dto';

/** Sixteen semesters with a generous number of subjects each. */
const MAX_BINDINGS = 2000;

const subjectsBody = new ArrayBodyPipe({
  item: CalendarSubjectRequest,
  shape: 'привязок дисциплин [{semesterNumber, subjectId}]',
  maxItems: MAX_BINDINGS,
  allowEmpty: true,
  label: (index) => itemLabel(index),
});

@ApiTags('Учебные календари')
@ApiBearerAuth()
@Controller('api/admin/academic-calendars')
export class CalendarSubjectsController {
  constructor(private readonly subjects: CalendarSubjectsService) {}

  @Get(':id/subjects')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({ summary: 'Дисциплины календаря по семестрам (по семестру, затем по названию)' })
  @ApiOkResponse({ type: [CalendarSubjectResponse] })
  list(@IdParam('id') id: number): Promise<CalendarSubjectResponse[]> {
    return this.subjects.list(id);
  }

  @Put(':id/subjects')
  @Roles(...CALENDAR_EDITORS)
  @ApiOperation({
    summary: 'Заменить дисциплины календаря целиком',
    description: 'Семестр 1..courseCount×2, только существующие неархивные дисциплины, без повторов в семестре; пустой список удаляет все привязки.',
  })
  @ApiBody({ type: [CalendarSubjectRequest] })
  @ApiOkResponse({ type: [CalendarSubjectResponse] })
  replace(@IdParam('id') id: number, @Body(subjectsBody) items: CalendarSubjectRequest[]): Promise<CalendarSubjectResponse[]> {
    return this.subjects.replace(id, items);
  }
}
