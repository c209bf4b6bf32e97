import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { GRID_EDITORS, GRID_READERS } from '../shared/access';
import { GridScopeRequest, GridScopeResponse } from './dto/grid-scope.dto';
import { GridScopesService } from './grid-scopes.service';

@ApiTags('Сетки звонков')
@ApiBearerAuth()
@Controller('api/admin/time-slots/scopes')
export class GridScopesController {
  constructor(private readonly scopes: GridScopesService) {}

  @Get()
  @Roles(...GRID_READERS)
  @ApiOperation({ summary: 'Сетки: основная, субботняя, затем ручные по названию' })
  @ApiOkResponse({ type: [GridScopeResponse] })
  list(): Promise<GridScopeResponse[]> {
    return this.scopes.list();
  }

  @PostOk()
  @Roles(...GRID_EDITORS)
  @ApiOperation({ summary: 'Создать ручную сетку' })
  @ApiOkResponse({ type: GridScopeResponse })
  create(@Body() body: GridScopeRequest): Promise<GridScopeResponse> {
    return this.scopes.create(body);
  }

  @Put(':id')
  @Roles(...GRID_EDITORS)
  @ApiOperation({ summary: 'Переименовать сетку (режим применения не меняется)' })
  @ApiOkResponse({ type: GridScopeResponse })
  rename(@IdParam('id') id: number, @Body() body: GridScopeRequest): Promise<GridScopeResponse> {
    return this.scopes.rename(id, body);
  }

  @Delete(':id')
  @Roles(...GRID_EDITORS)
  @ApiOperation({ summary: 'Удалить ручную сетку вместе с её парами и назначениями на даты; возвращает удалённую' })
  @ApiOkResponse({ type: GridScopeResponse })
  remove(@IdParam('id') id: number): Promise<GridScopeResponse> {
    return this.scopes.remove(id);
  }
}
