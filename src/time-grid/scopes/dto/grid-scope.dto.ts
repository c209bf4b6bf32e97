import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '../../../platform/http/validators';
import { GridApplyMode } from '../../../schedule-engine/effective-grid';

export const GRID_APPLY_MODES: readonly GridApplyMode[] = ['DEFAULT', 'SATURDAY', 'MANUAL'];

export class GridScopeRequest {
  @ApiProperty({ example: 'Сокращённый день', maxLength: 255 })
  @TextField({ maxLength: 255 })
  name!: string;
}

export class GridScopeResponse {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: GRID_APPLY_MODES, description: 'DEFAULT — основная, SATURDAY — субботняя, MANUAL — ручная' })
  scopeApplyMode!: GridApplyMode;
  @ApiProperty({ description: 'Число пар в сетке' }) slotCount!: number;
}
