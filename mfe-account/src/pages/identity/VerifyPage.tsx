import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { Link } from 'react-router';
import { ErrorCode, IdentityCertification, isApiError, type Certification } from 'shared-kit';
import { Badge, Button, Card, Spinner, TextField } from 'ui-kit';
import { PageHeader } from '../../components/PageHeader';
import { useAccountPath } from '../../components/paths';
import { useAccountT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { certifyIdentity, fetchCertification } from '../../services/identity.service';
import { applyTeenMode } from './teenMode';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; cert: Certification };
type Field = 'name' | 'id_number';
/** The legal name's longest (the api's IDENTITY_LIMITS.nameMax). */
const NAME_MAX = 40;

/**
 * `/account/verify`: real-name verification. Before: the form (legal name and identity number); after: the result
 * (adult, or under 18 with youth mode on and locked) with the masked name. The number is never shown again.
 */
export function VerifyPage(): JSX.Element {
  const { t } = useAccountT();
  const youthPath = useAccountPath('youth-mode');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchCertification().then(
      (cert) => setLoad({ state: 'ready', cert }),
      () => setLoad({ state: 'error' }),
    );
  }, []);
  useEffect(reload, [reload]);

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (name.trim() === '') next.name = t('identity.nameRequired');
    if (!/^\d{17}[\dXx]$/.test(idNumber.trim())) next.id_number = t('identity.numberFormat');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const cert = await certifyIdentity({ name: name.trim(), id_number: idNumber.trim(), region: 'CN' });
      setIdNumber('');
      setName('');
      setLoad({ state: 'ready', cert });
      applyTeenMode(cert.teen_mode);
    } catch (error) {
      const data = isApiError(error) ? (error.data as { field?: string } | undefined) : undefined;
      if (isApiError(error) && error.code === ErrorCode.IdentityCertificationMismatch) setFormError(t('identity.mismatch'));
      else if (isApiError(error) && error.code === ErrorCode.TooManyToday) setFormError(t('identity.tooMany'));
      else if (data?.field === 'name' || data?.field === 'id_number') setErrors({ [data.field]: errorText(error) });
      else setFormError(errorText(error));
      if (isApiError(error)) fetchCertification().then((cert) => setLoad({ state: 'ready', cert }), () => undefined);
    } finally {
      setBusy(false);
    }
  }

  const title = t('identity.title');
  if (load.state === 'loading') {
    return (
      <div className="account-page">
        <PageHeader title={title} />
        <Spinner label={t('identity.loading')} />
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="account-page">
        <PageHeader title={title} />
        <Card as="section">
          <p role="alert">{t('identity.loadFailed')}</p>
          <Button onClick={reload}>{t('common.tryAgain')}</Button>
        </Card>
      </div>
    );
  }
  const { cert } = load;
  const verified = cert.certification !== IdentityCertification.NotCertified;
  return (
    <div className="account-page">
      <PageHeader title={title} />
      {verified ? (
        <Card as="section" aria-labelledby="identity-result" data-testid="identity-result">
          <h2 id="identity-result">
            {t('identity.verified')} <Badge tone="success">{t(`identity.state.${cert.certification}`)}</Badge>
          </h2>
          <p>{t('identity.maskedName', { name: cert.name_masked })}</p>
          {cert.certification === IdentityCertification.NotAdult ? (
            <p>
              {t('identity.minorText')} <Link to={youthPath}>{t('identity.youthLink')}</Link>
            </p>
          ) : (
            <p>{t('identity.adultText')}</p>
          )}
          {cert.format_check_only ? <p className="ui-text-muted">{t('identity.formatOnly')}</p> : null}
        </Card>
      ) : (
        <Card as="section" aria-labelledby="identity-form-title">
          <h2 id="identity-form-title">{t('identity.formTitle')}</h2>
          <p>{t('identity.intro')}</p>
          <form className="account-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="identity-form-title">
            <TextField
              label={t('identity.name')}
              value={name}
              autoComplete="name"
              limit={NAME_MAX}
              error={errors.name}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              label={t('identity.number')}
              hint={t('identity.numberHint')}
              value={idNumber}
              autoComplete="off"
              inputMode="text"
              maxLength={18}
              spellCheck={false}
              error={errors.id_number}
              onChange={(e) => setIdNumber(e.target.value)}
            />
            <p className="ui-text-muted" data-testid="identity-attempts">
              {t('identity.attemptsLeft', { count: cert.attempts_left })}
            </p>
            {cert.format_check_only ? <p className="ui-text-muted">{t('identity.formatOnly')}</p> : null}
            <p className="ui-text-muted">{t('identity.privacy')}</p>
            {formError ? (
              <p className="account-error" role="alert">
                {formError}
              </p>
            ) : null}
            <Button type="submit" variant="primary" disabled={busy || cert.attempts_left <= 0}>
              {busy ? t('identity.checking') : t('identity.submit')}
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}
