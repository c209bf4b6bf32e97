import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn } from 'class-validator';
import { TextField } from '../../platform/http/validators';

export const WEBHOOK_EVENTS = ['lesson.changed', 'version.published', 'rules.changed', 'change-request.reviewed', 'preference.reviewed', 'absence.reviewed', 'absence.resolved'] as const;

export class WebhookRequest {
  @ApiProperty({ example: 'https://lms.university.example/hooks/timetable', maxLength: 2000 })
  @TextField({ maxLength: 2000 })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['lesson.changed'] })
  @IsArray({ message: 'Поле «events» должно быть списком событий' })
  @ArrayMinSize(1, { message: 'Поле «events» должно содержать хотя бы одно событие' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length, { message: 'Поле «events» содержит лишние элементы' })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `Поле «events» может содержать только ${WEBHOOK_EVENTS.join(', ')}` })
  events!: string[];

  @ApiPropertyOptional({ example: 'Экраны в коридорах главного корпуса', maxLength: 255 })
  @TextField({ optional: true, maxLength: 255 })
  description?: string | null;
}

export class WebhookResponse {
  @ApiProperty() id!: number;
  @ApiProperty() url!: string;
  @ApiProperty({ type: [String] }) events!: string[];
  @ApiProperty() description!: string;
  @ApiProperty() createdAt!: string;
}

export class CreatedWebhookResponse extends WebhookResponse {
  @ApiProperty({ description: 'Секрет подписи (HMAC-SHA256); показывается только при создании' }) secret!: string;
}

export class WebhookAttemptResponse {
  @ApiProperty() attemptedAt!: string;
  @ApiProperty({ type: Number, nullable: true, description: 'HTTP-статус ответа получателя; null — ответа не было' }) statusCode!: number | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty() durationMs!: number;
}

export class WebhookDeliveryResponse {
  @ApiProperty({ description: 'X-Timetable-Delivery: одинаков при всех попытках' }) id!: string;
  @ApiProperty() eventType!: string;
  @ApiProperty({ enum: ['PENDING', 'DELIVERED', 'FAILED'] }) status!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: String, nullable: true }) nextAttemptAt!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) deliveredAt!: string | null;
  @ApiProperty({ type: [WebhookAttemptResponse] }) attemptLog!: WebhookAttemptResponse[];
}
