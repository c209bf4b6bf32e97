/** Entities of this feature area, registered in src/database-schema.ts. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const TEACHER_REQUESTS_ENTITIES: Function[] = [];
