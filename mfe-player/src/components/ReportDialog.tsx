import { useEffect, useId, useState, type JSX } from 'react';
import { ErrorCode, toastStore, type ReportConfig } from 'shared-kit';
import { REPORT_DETAILS_MAX, type ReportTarget } from 'shared-kit/areas';
import { Button, Checkbox, Modal, Select, Spinner, TextArea, countCharacters } from 'ui-kit';
import { usePlayerT } from '../i18n';
import { errorCode, errorText } from '../lib/errors';
import { reportConfig, sendReport } from '../services/report.service';

interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  targetType: ReportTarget;
  targetId: string;
}

/** The report flow (spec section 2): a reason from the server's list, the parts concerned, details with a counter. */
export function ReportDialog({ open, onClose, targetType, targetId }: ReportDialogProps): JSX.Element | null {
  const { t } = usePlayerT();
  const [config, setConfig] = useState<ReportConfig | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [reason, setReason] = useState('');
  const [parts, setParts] = useState<string[]>([]);
  const [details, setDetails] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  useEffect(() => {
    if (!open) return;
    let live = true;
    setReason('');
    setParts([]);
    setDetails('');
    setMessage(null);
    reportConfig().then(
      (c) => live && setConfig(c),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open]);

  if (!open) return null;
  const target = config?.targets.find((x) => x.target_type === targetType);
  const max = config?.details_max ?? REPORT_DETAILS_MAX;
  const tooLong = countCharacters(details.trim()) > max;

  async function submit(): Promise<void> {
    if (!reason || parts.length === 0) {
      setMessage(t('report.needReason'));
      return;
    }
    if (tooLong) return;
    setBusy(true);
    setMessage(null);
    try {
      await sendReport(targetType, targetId, { reason, content: parts, details: details.trim() });
      toastStore.getState().show({ type: 'success', message: t('report.thanks') });
      onClose();
    } catch (err) {
      const code = errorCode(err);
      setMessage(
        code === ErrorCode.DuplicateOperation
          ? t('report.already')
          : code === ErrorCode.IllegalOperation
            ? t('report.own')
            : code === ErrorCode.CommentDeleted
              ? t('report.gone')
              : errorText(err),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title={t('report.title')}
      description={t('report.description')}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('report.cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy || !target || tooLong} loading={busy}>
            {t('report.submit')}
          </Button>
        </>
      }
    >
      {!target && !loadFailed && <Spinner label={t('common.loading')} />}
      {loadFailed && <p role="alert">{t('report.loadFailed')}</p>}
      {target && (
        <form
          id={formId}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Select
            label={t('report.reason')}
            placeholder={t('report.choose')}
            value={reason || undefined}
            onValueChange={setReason}
            options={target.reasons.map((r) => ({ value: r, label: t(`report.reasons.${r}`, { defaultValue: r }) }))}
          />
          <fieldset className="player-report__parts">
            <legend>{t('report.content')}</legend>
            {target.content.map((p) => (
              <Checkbox
                key={p}
                label={t(`report.parts.${p}`, { defaultValue: p })}
                checked={parts.includes(p)}
                onCheckedChange={(on) => setParts((cur) => (on ? [...cur, p] : cur.filter((x) => x !== p)))}
              />
            ))}
          </fieldset>
          <TextArea label={t('report.details')} value={details} limit={max} onChange={(e) => setDetails(e.target.value)} />
          {message && <p role="status">{message}</p>}
        </form>
      )}
    </Modal>
  );
}

/** A Report button that opens the dialog: one line to put on a page. */
export function ReportButton({ targetType, targetId, label }: { targetType: ReportTarget; targetId: string; label?: string }): JSX.Element {
  const { t } = usePlayerT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {label ?? t('report.open')}
      </Button>
      <ReportDialog open={open} onClose={() => setOpen(false)} targetType={targetType} targetId={targetId} />
    </>
  );
}
