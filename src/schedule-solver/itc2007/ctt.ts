/** An ITC 2007 track 3 instance (`.ctt`), as read from its file. */
export interface CttInstance {
  name: string;
  days: number;
  periodsPerDay: number;
  courses: { id: string; teacher: string; lectures: number; minWorkingDays: number; students: number }[];
  rooms: { id: string; capacity: number }[];
  curricula: { id: string; courses: string[] }[];
  unavailability: { course: string; day: number; period: number }[];
}

/** One line of a solution: a lecture of `course` in `room` on `day` at `period`. */
export interface CttAssignment {
  course: string;
  room: string;
  day: number;
  period: number;
}

const int = (text: string, what: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`Not a count or index in ${what}: ${text}`);
  return value;
};

/** Reads a `.ctt` file's text: the header, then the four sections, each line split on whitespace. */
export function parseCtt(text: string): CttInstance {
  const instance: CttInstance = { name: '', days: 0, periodsPerDay: 0, courses: [], rooms: [], curricula: [], unavailability: [] };
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line === 'END.') continue;
    const header = /^(\w+):\s*(.*)$/.exec(line);
    if (header && header[2] === '') {
      section = header[1];
      continue;
    }
    if (header && !section) {
      const [, key, value] = header;
      if (key === 'Name') instance.name = value;
      if (key === 'Days') instance.days = int(value, key);
      if (key === 'Periods_per_day') instance.periodsPerDay = int(value, key);
      continue;
    }
    const f = line.split(/\s+/);
    if (section === 'COURSES') {
      instance.courses.push({ id: f[0], teacher: f[1], lectures: int(f[2], line), minWorkingDays: int(f[3], line), students: int(f[4], line) });
    } else if (section === 'ROOMS') {
      instance.rooms.push({ id: f[0], capacity: int(f[1], line) });
    } else if (section === 'CURRICULA') {
      instance.curricula.push({ id: f[0], courses: f.slice(2, 2 + int(f[1], line)) });
    } else if (section === 'UNAVAILABILITY_CONSTRAINTS') {
      instance.unavailability.push({ course: f[0], day: int(f[1], line), period: int(f[2], line) });
    } else {
      throw new Error(`Unexpected line: ${line}`);
    }
  }
  if (instance.days === 0 || instance.periodsPerDay === 0) throw new Error('The header names no days or periods');
  return instance;
}

/** Reads a solution's text: one `<course> <room> <day> <period>` a line. */
export function parseSolution(text: string): CttAssignment[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const f = line.split(/\s+/);
      if (f.length !== 4) throw new Error(`Not a solution line: ${line}`);
      return { course: f[0], room: f[1], day: int(f[2], line), period: int(f[3], line) };
    });
}

/** Writes a solution in the competition's format. */
export function writeSolution(assignments: readonly CttAssignment[]): string {
  return assignments.map((a) => `${a.course} ${a.room} ${a.day} ${a.period}\n`).join('');
}
