import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListStatus } from 'ui-kit';
import { useOpsT } from '../i18n';

export interface ListLoad<Row> {
  status: ListStatus;
  rows: Row[];
  /** Reads the list again (the retry button, after a change). */
  reload: () => void;
  /** Replaces the rows (a next page appended). */
  setRows: (rows: Row[]) => void;
}

/**
 * A console list read from the api: loading, then ready or failed; read again whenever `key` changes (a filter, the
 * sort) and on `reload`. Answers that come back after a newer read started are dropped.
 */
export function useList<Row>(read: () => Promise<Row[]>, key: string): ListLoad<Row> {
  const [status, setStatus] = useState<ListStatus>('loading');
  const [rows, setRows] = useState<Row[]>([]);
  const latest = useRef(0);
  const readRef = useRef(read);
  readRef.current = read;
  const reload = useCallback(() => {
    const mine = ++latest.current;
    setStatus('loading');
    readRef.current().then(
      (list) => {
        if (mine !== latest.current) return;
        setRows(list);
        setStatus('ready');
      },
      () => mine === latest.current && setStatus('error'),
    );
  }, []);
  useEffect(reload, [reload, key]);
  return { status, rows, reload, setRows };
}

/** "Times in Europe/Paris": the zone the console's dates are shown in (the operator's own). */
export function useZoneNote(): string {
  const { t } = useOpsT();
  return t('frame.timeZone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
}
