import { defineConstraintMessages } from '../platform/database/constraint-messages';

defineConstraintMessages({
  uq_users_username: 'Пользователь с таким логином уже существует',
  ex_uda_primary_overlap: 'Периоды основной кафедры сотрудника пересекаются',
  ex_uda_additional_overlap: 'Сотрудник уже закреплён за этой кафедрой на этот период',
});

export type UserStatus = 'ACTIVE' | 'ARCHIVED';
