import { useState } from 'react';
import { isDebug } from 'shared-kit';
import { Button } from 'ui-kit';
import { usePageTitle } from '../hooks/usePageTitle';
import { useShellT } from '../i18n';

/** Message and stack, as pasted into a bug report. */
export function describeError(error: unknown): string {
  if (error instanceof Error)
    return error.stack?.includes(error.message)
      ? error.stack
      : `${error.message}\n${error.stack ?? ''}`.trim();
  if (typeof error === 'object' && error !== null) {
    // Route errors (thrown responses) carry status and text instead of a stack.
    const { status, statusText, data } = error as { status?: unknown; statusText?: unknown; data?: unknown };
    if (typeof status === 'number')
      return `${status} ${String(statusText ?? '')}\n${typeof data === 'string' ? data : ''}`.trim();
  }
  return String(error);
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand?.('copy') ?? false;
  area.remove();
  if (!ok) throw new Error('copy is not supported here');
}

function CopyErrorButton({ error }: { error: unknown }) {
  const { t } = useShellT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const tip = state === 'copied' ? t('error.copied') : state === 'failed' ? t('error.copyFailed') : t('error.copyTip');
  return (
    <span className="tooltip-anchor">
      <Button
        aria-describedby="copy-error-tip"
        onClick={() => {
          copyText(describeError(error)).then(
            () => setState('copied'),
            () => setState('failed'),
          );
        }}
      >
        {t('error.copy')}
      </Button>
      <span id="copy-error-tip" role="tooltip" className="tooltip">
        {tip}
      </span>
    </span>
  );
}

/** The whole-page error screen (spec §2): a refresh, and in debug mode a way to copy the error. */
export function ErrorFallback({ error, asMain = false }: { error: unknown; asMain?: boolean }) {
  const { t } = useShellT();
  usePageTitle(t('error.title'));
  const debug = isDebug();
  // Inside the layout the page already has its <main>; on its own the fallback provides one.
  const Root = asMain ? 'main' : 'section';
  return (
    <Root className="page error-page" id={asMain ? 'main' : undefined} aria-labelledby="error-page-title">
      <h1 id="error-page-title" className="page__title">
        {t('error.heading')}
      </h1>
      <p>{t('error.text')}</p>
      <div className="error-page__actions">
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('error.refresh')}
        </Button>
        {debug ? <CopyErrorButton error={error} /> : null}
      </div>
      {debug ? <pre className="error-page__detail">{describeError(error)}</pre> : null}
    </Root>
  );
}
