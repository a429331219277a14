import { useEffect } from 'react';

const PRODUCT = 'Perch';

/** Names the browser tab after the page, so tabs and history entries are told apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}
