import { MigrationInterface, QueryRunner } from 'typeorm';

/** Teacher-creation requests: a department asks, an administrator approves (creating the teacher) or rejects. */
export class TeacherRequests1763800000200 implements MigrationInterface {
  name = 'TeacherRequests1763800000200';

  async up(db: QueryRunner): Promise<void> {
    // No password column on purpose: only the administrator sets it, at approval, on the new user.
    await db.query(`
      CREATE TABLE teacher_requests (
        id               serial PRIMARY KEY,
        username         varchar(100) NOT NULL,
        full_name        varchar(255) NOT NULL,
        job_title        varchar(255) NOT NULL DEFAULT '',
        comment          text,
        department_id    integer NOT NULL,
        status           varchar(16) NOT NULL DEFAULT 'PENDING',
        created_by       integer NOT NULL,
        created_at       timestamptz NOT NULL DEFAULT now(),
        reviewed_by      integer,
        reviewed_at      timestamptz,
        review_comment   text,
        created_user_id  integer,
        CONSTRAINT fk_teacher_requests_department FOREIGN KEY (department_id) REFERENCES departments (id),
        CONSTRAINT fk_teacher_requests_created_by FOREIGN KEY (created_by) REFERENCES users (id),
        CONSTRAINT fk_teacher_requests_reviewed_by FOREIGN KEY (reviewed_by) REFERENCES users (id),
        CONSTRAINT fk_teacher_requests_created_user FOREIGN KEY (created_user_id) REFERENCES users (id),
        CONSTRAINT ck_teacher_requests_status CHECK (status IN ('PENDING','APPROVED','REJECTED')),
        CONSTRAINT ck_teacher_requests_username_not_blank CHECK (btrim(username) <> ''),
        CONSTRAINT ck_teacher_requests_full_name_not_blank CHECK (btrim(full_name) <> ''),
        CONSTRAINT ck_teacher_requests_reviewed CHECK ((status = 'PENDING') = (reviewed_at IS NULL)),
        CONSTRAINT ck_teacher_requests_created_user CHECK ((status = 'APPROVED') = (created_user_id IS NOT NULL))
      )`);
    // At most one pending request per login, across all departments (the last guard when two submit at once).
    await db.query(`CREATE UNIQUE INDEX uq_teacher_requests_pending_username ON teacher_requests (lower(username)) WHERE status = 'PENDING'`);
    await db.query(`CREATE INDEX ix_teacher_requests_department ON teacher_requests (department_id, created_at DESC)`);
    await db.query(`CREATE INDEX ix_teacher_requests_created ON teacher_requests (created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS teacher_requests`);
  }
}
