import { createContext, useContext, useEffect } from 'react';

/** Lets a page ask the signed-in layout for the full window width (editors with a canvas). */
export const PageWidthContext = createContext<(wide: boolean) => void>(() => undefined);

/** While the calling page is shown, the layout drops its maximum content width. */
export function useWidePage(): void {
  const setWide = useContext(PageWidthContext);
  useEffect(() => {
    setWide(true);
    return () => setWide(false);
  }, [setWide]);
}
