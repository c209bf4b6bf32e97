// Small JSON values this browser remembers (the chosen group); absent when storage is unreadable.

export interface Chosen {
  id: number;
  label: string;
}

export function remembered<T extends Chosen>(key: string): T | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
    return value && Number.isInteger(value.id) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function remember(key: string, value: Chosen): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage disabled: the choice lasts until the page is closed
  }
}
