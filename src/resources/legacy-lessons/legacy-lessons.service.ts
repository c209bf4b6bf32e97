import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../platform/http/app-error';
import { LegacyLessonRequest, LegacyLessonResponse } from './dto/legacy-lesson.dto';
import { LegacyLessonsRepository } from './legacy-lessons.repository';

/** The earlier interface revision's lesson list, kept for its old clients. */
@Injectable()
export class LegacyLessonsService {
  constructor(private readonly lessons: LegacyLessonsRepository) {}

  list(): Promise<LegacyLessonResponse[]> {
    return this.lessons.list();
  }

  /** Unknown references are a bad request (400), as that revision lists only 200 and 400 here. */
  async create(request: LegacyLessonRequest): Promise<LegacyLessonResponse> {
    const found = await this.lessons.references(request);
    if (found.teacherRole === null) throw new BadRequestError('Преподаватель не найден');
    if (found.teacherRole !== 'TEACHER') throw new BadRequestError('Пользователь не является преподавателем');
    if (!found.groupExists) throw new BadRequestError('Группа не найдена');
    if (!found.lessonTypeExists) throw new BadRequestError('Тип занятия не найден');
    return this.lessons.insert(request);
  }
}
