import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title for each page, so screen readers and tabs say where you are. */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} | ${t('app.title')}`;
  }, [title, t]);
}
