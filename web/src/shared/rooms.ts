// How a room is named in a sentence: «ауд. 1-101». Many universities name their rooms «Ауд. 22» or
// «Аудитория 5» already; those names are written as they are, so no line reads «ауд. Ауд. 22».

const SAYS_ROOM = /^\s*ауд(\.|итори)/i;

export function roomLabel(name: string): string {
  return SAYS_ROOM.test(name) ? name : `ауд. ${name}`;
}
