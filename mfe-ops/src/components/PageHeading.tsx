import type { JSX } from 'react';
import { useDocumentTitle } from 'ui-kit';
import { useOpsT } from '../i18n';

/**
 * A console page's heading, whose name is also the document title while the page is open (the previous title comes
 * back on leave): the menu, the heading and the browser tab name a page alike.
 */
export function PageHeading({ title }: { title: string }): JSX.Element {
  const { t } = useOpsT();
  useDocumentTitle(t('pageTitle', { title }));
  return <h1>{title}</h1>;
}
