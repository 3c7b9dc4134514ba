import { useEffect, type JSX } from 'react';
import { useOpsT } from '../i18n';

/**
 * A console page's heading, whose name is also the document title while the page is open (the previous title comes
 * back on leave): the menu, the heading and the browser tab name a page alike.
 */
export function PageHeading({ title }: { title: string }): JSX.Element {
  const { t } = useOpsT();
  const documentTitle = t('pageTitle', { title });
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle;
    return () => {
      document.title = previous;
    };
  }, [documentTitle]);
  return <h1>{title}</h1>;
}
