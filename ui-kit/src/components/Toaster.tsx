import { useToastStore } from 'shared-kit';
import { useTranslation } from 'react-i18next';

/**
 * Shows shared-kit's toast store. The store holds the spec's rules (one toast per 4 s, each shown 1.5 s, see
 * TOAST), so every app's `toast(...)` call goes through the same throttle. The live region stays in the page even
 * when empty, so screen readers announce each new message. Mount it once, in the shell.
 */
export function Toaster() {
  const { t } = useTranslation('common');
  const current = useToastStore((s) => s.current);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="ui-toaster toaster" role="status" aria-live="polite" aria-atomic="true" aria-label={t('notifications')}>
      {current ? (
        <div key={current.id} className={`ui-toast ui-toast--${current.type} toast toast--${current.type}`} data-toast-type={current.type} onClick={dismiss}>
          {current.message}
        </div>
      ) : null}
    </div>
  );
}
