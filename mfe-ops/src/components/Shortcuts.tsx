import { useId, type JSX } from 'react';
import { useOpsT } from '../i18n';

/** The keys a detail page answers to, shown in its decision panel: A approve, R reject, N next. */
export function Shortcuts({ next }: { next: string }): JSX.Element {
  const { t } = useOpsT();
  const id = useId();
  const keys = [
    ['A', t('frame.keys.approve')],
    ['R', t('frame.keys.reject')],
    ['N', next],
  ] as const;
  return (
    <div className="ops-shortcuts">
      <p className="ops-shortcuts__title" id={id}>
        {t('frame.shortcuts')}
      </p>
      <dl className="ops-keys" aria-labelledby={id}>
        {keys.map(([key, label]) => (
          <div key={key} className="ops-keys__row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
