/**
 * Places weekly lessons so that no two of them ever share a group, a teacher or a room at the same
 * day, pair and week parity. Every group, teacher and room has an occupancy bit per (day, pair,
 * parity); a placement takes the first cell of the group's preferred order where all its parties are
 * free. This is stricter than the engine's check (which looks at actual dates and active weeks), so
 * whatever it places is clash-free there too.
 */
export const PAIRS_PER_DAY = 6;
/** The Saturday grid has four (shorter) pairs; later Saturday pairs are never used. */
export const SATURDAY_PAIRS = 4;
const DAYS = 6;
const HALVES = DAYS * PAIRS_PER_DAY * 2;

export type SlotParity = 'BOTH' | 'ODD' | 'EVEN';
const PARITY_BIT = { ODD: 0, EVEN: 1 } as const;

export interface Cell {
  dayOfWeek: number;
  pair: number;
}

/** Which week parities a placement needs: both, or one of them (either will do). */
export type ParityNeed = 'BOTH' | 'EITHER';

class Occupancy {
  private readonly busy: Uint8Array;
  readonly load: Uint32Array;

  constructor(count: number) {
    this.busy = new Uint8Array(count * HALVES);
    this.load = new Uint32Array(count);
  }

  isFree(index: number, halves: readonly number[]): boolean {
    return halves.every((half) => this.busy[index * HALVES + half] === 0);
  }

  take(index: number, halves: readonly number[]): void {
    for (const half of halves) this.busy[index * HALVES + half] = 1;
    this.load[index] += halves.length;
  }
}

export interface PlacementRequest {
  groups: readonly number[];
  /** Teachers who may take it (linked to the subject); the least loaded free one is chosen. */
  teachers: readonly number[];
  /** Seats needed in the room. */
  audienceSize: number;
  parity: ParityNeed;
  /** Cells in order of preference. */
  cells: readonly Cell[];
}

export interface Placement extends Cell {
  /** BOTH, or the one parity taken for an EITHER request. */
  parity: SlotParity;
  teacher: number;
  room: number;
}

function halvesOf(cell: Cell, parity: SlotParity): number[] {
  const base = ((cell.dayOfWeek - 1) * PAIRS_PER_DAY + (cell.pair - 1)) * 2;
  return parity === 'BOTH' ? [base, base + 1] : [base + PARITY_BIT[parity]];
}

export class SlotAllocator {
  private readonly groups: Occupancy;
  private readonly teachers: Occupancy;
  private readonly rooms: Occupancy;
  /** Rooms by capacity, smallest first, so a lesson gets the smallest room that fits. */
  private readonly roomsBySize: { index: number; capacity: number }[];

  constructor(groupCount: number, teacherCount: number, roomCapacities: readonly number[]) {
    this.groups = new Occupancy(groupCount);
    this.teachers = new Occupancy(teacherCount);
    this.rooms = new Occupancy(roomCapacities.length);
    this.roomsBySize = roomCapacities.map((capacity, index) => ({ index, capacity })).sort((a, b) => a.capacity - b.capacity || a.index - b.index);
  }

  /** Places one lesson cell or answers undefined when no cell has all its parties free. */
  place(request: PlacementRequest): Placement | undefined {
    const options: SlotParity[] = request.parity === 'BOTH' ? ['BOTH'] : ['ODD', 'EVEN'];
    const teachers = [...request.teachers].sort((a, b) => this.teachers.load[a] - this.teachers.load[b] || a - b);
    const fitting = this.roomsBySize.filter((room) => room.capacity >= request.audienceSize);
    for (const cell of request.cells) {
      for (const parity of options) {
        const halves = halvesOf(cell, parity);
        if (!request.groups.every((group) => this.groups.isFree(group, halves))) continue;
        const teacher = teachers.find((candidate) => this.teachers.isFree(candidate, halves));
        if (teacher === undefined) continue;
        const room = fitting.find((candidate) => this.rooms.isFree(candidate.index, halves));
        if (room === undefined) continue;
        for (const group of request.groups) this.groups.take(group, halves);
        this.teachers.take(teacher, halves);
        this.rooms.take(room.index, halves);
        return { ...cell, parity, teacher, room: room.index };
      }
    }
    return undefined;
  }
}

/**
 * The cells a stream prefers, best first: its shift's first three pairs on weekdays (the weekdays
 * rotated per stream so that not every stream starts on Monday), two Saturday pairs, then the rest.
 * Odd courses study in the morning, even ones from the third pair.
 */
export function preferredCells(streamIndex: number, course: number): Cell[] {
  const pairs = course % 2 === 1 ? [1, 2, 3, 4, 5, 6] : [3, 4, 5, 2, 6, 1];
  const shift = streamIndex % 5;
  const weekdays = [1, 2, 3, 4, 5].map((_, i) => ((i + shift) % 5) + 1);
  const saturday = pairs.filter((pair) => pair <= SATURDAY_PAIRS).map((pair) => ({ dayOfWeek: 6, pair }));
  const rows = (rowPairs: number[]) => rowPairs.flatMap((pair) => weekdays.map((dayOfWeek) => ({ dayOfWeek, pair })));
  return [...rows(pairs.slice(0, 3)), ...saturday.slice(0, 2), ...rows(pairs.slice(3)), ...saturday.slice(2)];
}
