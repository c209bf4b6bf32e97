import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { defineConstraintMessages } from '../platform/database/constraint-messages';
import { Role } from '../platform/auth/roles';

defineConstraintMessages({
  uq_users_username: 'Пользователь с таким логином уже существует',
  ex_uda_primary_overlap: 'Периоды основной кафедры сотрудника пересекаются',
  ex_uda_additional_overlap: 'Сотрудник уже закреплён за этой кафедрой на этот период',
});

export type UserStatus = 'ACTIVE' | 'ARCHIVED';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  username!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 32 })
  role!: Role;

  @Column({ name: 'full_name', type: 'varchar', length: 255 })
  fullName!: string;

  @Column({ name: 'job_title', type: 'varchar', length: 255, default: '' })
  jobTitle!: string;

  @Column({ type: 'varchar', length: 16, default: 'ACTIVE' })
  status!: UserStatus;

  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** One link of a user to a department over an inclusive date period (open-ended when validTo is null). */
@Entity('user_department_assignments')
export class DepartmentAssignment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'department_id', type: 'integer' })
  departmentId!: number;

  @Column({ name: 'is_primary', type: 'boolean' })
  isPrimary!: boolean;

  @Column({ name: 'valid_from', type: 'date' })
  validFrom!: string;

  @Column({ name: 'valid_to', type: 'date', nullable: true })
  validTo!: string | null;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
