// The section in the address: `/admin/#<section>`. A section is reachable by its address, and the
// browser's back button moves between sections.
import { useEffect, useState } from 'preact/hooks';

const current = (): string => decodeURIComponent(location.hash.replace(/^#/, ''));

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
