import { Injectable } from '@nestjs/common';
import { int, rowShape, RowType, text, timestamp } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

const COLUMNS = `c.id, c.subject_id AS "subjectId", c.author_id AS "authorId", c.text, c.created_at AS "createdAt"`;
const COMMENT = rowShape({ id: int, subjectId: int, authorId: int, text, createdAt: timestamp });
export type StoredComment = RowType<typeof COMMENT>;

/** SQL over `subject_comments` (the authors' names come from the users feature). */
@Injectable()
export class SubjectCommentsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Oldest first, as a conversation reads. */
  list(subjectId: number): Promise<StoredComment[]> {
    return this.db.rows(COMMENT,
      `SELECT ${COLUMNS} FROM subject_comments c
        WHERE c.subject_id = $1 ORDER BY c.created_at, c.id`,
      [subjectId],
    );
  }

  async insert(subjectId: number, authorId: number, text: string): Promise<StoredComment> {
    const [row] = await this.db.rows(COMMENT,
      `INSERT INTO subject_comments AS c (subject_id, author_id, text) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [subjectId, authorId, text],
    );
    return row;
  }
}
