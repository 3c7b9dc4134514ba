import { useState, type JSX } from 'react';
import { Menu } from 'ui-kit';
import type { PlayExportFormat } from 'shared-kit/schemas';
import { usePlayerT } from '../i18n';

/** The api's export of a play (same origin: the shell serves `/api`); the session cookie goes with it. */
export function playExportUrl(playId: string, format: PlayExportFormat): string {
  return `/api/tyler/play/export?play_id=${encodeURIComponent(playId)}&format=${format}`;
}

/** The name the api gives the file (`filename*` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

type ExportState = 'idle' | 'busy' | 'done' | 'error';

/**
 * The play menu's Export: the play as SillyTavern's chat JSONL (which Agnai and RisuAI import too) or as plain
 * text. The file is read from the api and saved under the name it gives; a refusal or a lost connection says so.
 */
export function ExportMenu({ playId }: { playId: string }): JSX.Element {
  const { t } = usePlayerT();
  const [state, setState] = useState<ExportState>('idle');

  async function save(format: PlayExportFormat): Promise<void> {
    setState('busy');
    try {
      const res = await fetch(playExportUrl(playId, format), { credentials: 'same-origin' });
      // A refusal answers with the JSON envelope instead of the file.
      const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
      if (!res.ok || mediaType === 'application/json') throw new Error('refused');
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(res.headers.get('content-disposition'), `play.${format}`);
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('done');
    } catch {
      setState('error');
    }
  }

  return (
    <>
      <Menu
        trigger={t('export.open')}
        triggerLabel={t('export.label')}
        className="player-export"
        items={[
          { key: 'jsonl', label: t('export.jsonl'), onSelect: () => void save('jsonl'), disabled: state === 'busy' },
          { key: 'txt', label: t('export.txt'), onSelect: () => void save('txt'), disabled: state === 'busy' },
        ]}
      />
      <span className="ui-visually-hidden" role="status">
        {state === 'busy' ? t('export.preparing') : state === 'done' ? t('export.done') : ''}
      </span>
      {state === 'error' ? (
        <p className="player-error player-export__error" role="alert">
          {t('export.failed')}
        </p>
      ) : null}
    </>
  );
}
