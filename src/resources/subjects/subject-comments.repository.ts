import { Injectable } from '@nestjs/common';
import { int, rowShape, text, timestamp } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { SubjectCommentResponse } from './dto/subject-comment.dto';

const COLUMNS = `c.id, c.subject_id AS "subjectId", c.author_id AS "authorId", u.full_name AS "authorName", c.text, c.created_at AS "createdAt"`;
const COMMENT = rowShape({ id: int, subjectId: int, authorId: int, authorName: text, text, createdAt: timestamp });

/** SQL over `subject_comments`, with the author's full name. */
@Injectable()
export class SubjectCommentsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Oldest first, as a conversation reads. */
  list(subjectId: number): Promise<SubjectCommentResponse[]> {
    return this.db.rows(COMMENT,
      `SELECT ${COLUMNS} FROM subject_comments c JOIN users u ON u.id = c.author_id
        WHERE c.subject_id = $1 ORDER BY c.created_at, c.id`,
      [subjectId],
    );
  }

  async insert(subjectId: number, authorId: number, text: string): Promise<SubjectCommentResponse> {
    const [row] = await this.db.rows(COMMENT,
      `WITH c AS (INSERT INTO subject_comments (subject_id, author_id, text) VALUES ($1, $2, $3) RETURNING *)
       SELECT ${COLUMNS} FROM c JOIN users u ON u.id = c.author_id`,
      [subjectId, authorId, text],
    );
    return row;
  }
}
