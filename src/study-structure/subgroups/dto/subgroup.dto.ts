import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IntField, OneOfField, QueryIdList, TextField } from '../../../platform/http/validators';
import { DIVISION_MODES, DivisionMode } from '../division';

export class SubgroupRequest {
  @ApiProperty({ example: 'Подгруппа 1', maxLength: 255, description: 'Уникально среди подгрупп группы без учёта регистра' })
  @TextField({ maxLength: 255 })
  name!: string;

  @ApiProperty({ example: 12, minimum: 1, description: 'Сумма вместимостей подгрупп не больше размера группы' })
  @IntField({ min: 1, max: 10_000 })
  studentCapacity!: number;
}

export class SubgroupResponse {
  @ApiProperty() id!: number;
  @ApiProperty() groupId!: number;
  @ApiProperty() groupName!: string;
  @ApiProperty() name!: string;
  @ApiProperty() studentCapacity!: number;
}

export class DivisionRequest {
  @ApiProperty({
    enum: DIVISION_MODES,
    description: 'NONE — без подгрупп; TWO, THREE — столько подгрупп «Подгруппа N», размер группы делится поровну',
  })
  @OneOfField(DIVISION_MODES)
  mode!: DivisionMode;
}

export class SubgroupListQuery {
  @ApiPropertyOptional({ type: [Number], description: 'Повторяемый параметр, не более 100 значений; без него — все подгруппы' })
  @QueryIdList({ maxItems: 100 })
  groupId?: number[];
}
