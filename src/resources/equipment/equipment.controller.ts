import { Body, Controller, Delete, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { ALL_ROLES } from '../../platform/auth/roles';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { RESOURCE_EDITORS } from '../shared/roles';
import { EquipmentRequest, EquipmentResponse } from './dto/equipment.dto';
import { EquipmentService } from './equipment.service';

@ApiTags('Оборудование')
@ApiBearerAuth()
@Controller('api/equipments')
export class EquipmentController {
  constructor(private readonly equipment: EquipmentService) {}

  @Get()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Справочник оборудования (по названию)' })
  @ApiOkResponse({ type: [EquipmentResponse] })
  list(): Promise<EquipmentResponse[]> {
    return this.equipment.list();
  }

  @PostOk()
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Добавить оборудование' })
  @ApiOkResponse({ type: EquipmentResponse })
  create(@Body() body: EquipmentRequest): Promise<EquipmentResponse> {
    return this.equipment.create(body);
  }

  @Delete(':id')
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Удалить оборудование (оно снимается со всех аудиторий); возвращает удалённое' })
  @ApiOkResponse({ type: EquipmentResponse })
  remove(@IdParam('id') id: number): Promise<EquipmentResponse> {
    return this.equipment.remove(id);
  }
}
