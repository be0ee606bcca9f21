import { useEffect } from 'react';
import { PRODUCT_NAME } from './product.ts';

/** Screen readers announce the title on navigation, and tabs stay distinguishable. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} · ${PRODUCT_NAME}`;
  }, [screen]);
}
