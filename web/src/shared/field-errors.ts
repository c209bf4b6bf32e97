// Which field of a form an API refusal is about. The API's messages quote the field they concern
// («Поле «departmentName» обязательно», «slots[0].teacherId …»): the first quoted name that is one of
// the form's fields wins (an index or a nested part points at its top-level field).

export function quotedField(message: string, names: readonly string[]): string | undefined {
  for (const match of message.matchAll(/«([^»]+)»/g)) {
    const name = match[1].replace(/\[\d+\].*$/, '').split('.')[0];
    if (names.includes(name)) return name;
  }
  return undefined;
}
