// The section in the address: `/admin/#<section>`, optionally with what it should open
// (`#rules?versionId=3&ruleId=12`). A section is reachable by its address, and the browser's back
// button moves between sections.
import { useEffect, useState } from 'preact/hooks';

const hash = (): string => decodeURIComponent(location.hash.replace(/^#/, ''));
const current = (): string => hash().split('?')[0];

/** A parameter of the section's address (`#rules?ruleId=12` → `hashParam('ruleId')` = '12'). */
export function hashParam(name: string): string | null {
  const query = hash().split('?')[1];
  return query ? new URLSearchParams(query).get(name) : null;
}

/**
 * A parameter of the section's address that follows later changes of the address too: a link to
 * `#rules?versionId=3` clicked while «Правила» is already open changes no section, only the hash.
 */
export function useHashParam(name: string): string | null {
  const [value, setValue] = useState(() => hashParam(name));
  useEffect(() => {
    const follow = () => setValue(hashParam(name));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [name]);
  return value;
}

export function useHashSection(): string {
  const [section, setSection] = useState(current);
  useEffect(() => {
    const follow = () => setSection(current());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return section;
}

/** Puts a section into the address without a new history entry (e.g. the default one). */
export function replaceSection(id: string): void {
  history.replaceState(null, '', `${location.pathname}${location.search}#${id}`);
}
