import { useEffect } from 'react';
import { PRODUCT_NAME } from '@sanad/contracts/constants';
import { useT, type Translator } from './use-t';

/**
 * The browser tab's title: the product and the route's title. Routes give their titles in
 * English; on a public screen the title is found in the catalogue like any English message
 * ('Registration: Setup profile' → 'التسجيل: إعداد الملف الشخصي'), elsewhere it stays as written.
 */
export function pageTitle(routeTitle: string, { tm }: Pick<Translator, 'tm'>): string {
  return `${PRODUCT_NAME} | ${tm(routeTitle)}`;
}

export function usePageTitle(routeTitle: string): void {
  const translator = useT();
  useEffect(() => {
    document.title = pageTitle(routeTitle, translator);
  }, [routeTitle, translator]);
}
