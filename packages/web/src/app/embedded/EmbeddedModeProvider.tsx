import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { detectEmbedded, EmbeddedContext, marksEmbedded, rememberEmbedded } from './embedded-mode';

/**
 * Decides once per page load whether Perch runs embedded in the team wiki, and switches to it
 * when an address of this tab carries the wiki's `?embedded=1` (the wiki's sign-in).
 */
export function EmbeddedModeProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const [embedded, setEmbedded] = useState(() => detectEmbedded(window.location.search) || marksEmbedded(search));

  useEffect(() => {
    if (!marksEmbedded(search)) return;
    rememberEmbedded();
    setEmbedded(true);
  }, [search]);

  return <EmbeddedContext.Provider value={embedded}>{children}</EmbeddedContext.Provider>;
}
