import { useToastStore } from 'shared-kit';

/**
 * Shows the shared toast store's current toast. The live region stays in the page even when empty, so screen
 * readers announce each new message. Throttling (one per 4 s) and the 1.5 s display live in the store.
 */
export function Toaster() {
  const current = useToastStore((s) => s.current);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-atomic="true">
      {current ? (
        <div key={current.id} className={`toast toast--${current.type}`} data-toast-type={current.type}>
          {current.message}
        </div>
      ) : null}
    </div>
  );
}
