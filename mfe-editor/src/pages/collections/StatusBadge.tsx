import type { JSX } from 'react';
import type { CollectionDisplay } from 'shared-kit/areas';
import { Badge } from 'ui-kit';
import { useEditorT } from '../../i18n';

const TONE: Record<CollectionDisplay, 'info' | 'success' | 'danger' | 'warning'> = {
  pending: 'info',
  published: 'success',
  not_approved: 'danger',
  removed: 'warning',
};

/** A collection's state as its creator reads it: pending review, published, not approved, removed. */
export function StatusBadge({ display }: { display: CollectionDisplay }): JSX.Element {
  const { t } = useEditorT();
  return (
    <span data-testid="collection-status" data-status={display}>
      <Badge tone={TONE[display]}>{t(`collections.status.${display}`)}</Badge>
    </span>
  );
}
