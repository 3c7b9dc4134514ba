import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import { Link } from 'react-router';
import { ErrorCode, IdentityCertification, isApiError, type Certification } from 'shared-kit';
import { BIRTH_DATE_REGIONS, ID_NUMBER_FORMATS, IDENTITY_REGIONS, normalizeIdNumber, type IdentityRegion } from 'shared-kit/areas';
import { Badge, Button, Card, Select, Spinner, TextField } from 'ui-kit';
import { PageHeader } from '../../components/PageHeader';
import { useAccountPath } from '../../components/paths';
import { useAccountT } from '../../i18n';
import { errorText } from '../../lib/errors';
import { certifyIdentity, fetchCertification } from '../../services/identity.service';
import { applyTeenMode } from './teenMode';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; cert: Certification };
type Field = 'name' | 'id_number' | 'birth_date';
const FIELDS: readonly string[] = ['name', 'id_number', 'birth_date'];
/** The legal name's longest (the api's IDENTITY_LIMITS.nameMax). */
const NAME_MAX = 40;

/**
 * `/account/verify`: real-name verification. Before: the form (the card's region, by default the account's; the
 * legal name and identity number; the date of birth where the region's number carries none); after: the result
 * (adult, or under 18 with youth mode on and locked) with the masked name. The number is never shown again.
 */
export function VerifyPage(): JSX.Element {
  const { t } = useAccountT();
  const youthPath = useAccountPath('youth-mode');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [chosenRegion, setRegion] = useState<IdentityRegion | null>(null);
  const [birthDate, setBirthDate] = useState('');
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

  const region: IdentityRegion = chosenRegion ?? (load.state === 'ready' ? load.cert.region : 'CN');
  const asksBirth = BIRTH_DATE_REGIONS.includes(region);

  async function submit(e: FormEvent): Promise<void> {
    e.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    if (name.trim() === '') next.name = t('identity.nameRequired');
    if (!ID_NUMBER_FORMATS[region].pattern.test(normalizeIdNumber(idNumber))) next.id_number = t(`identity.numberFormats.${region}`);
    if (asksBirth && birthDate === '') next.birth_date = t('identity.birthDateRequired');
    else if (asksBirth && Date.parse(`${birthDate}T00:00:00Z`) > Date.now()) next.birth_date = t('identity.birthDateFuture');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const cert = await certifyIdentity({ name: name.trim(), id_number: idNumber.trim(), region, ...(asksBirth ? { birth_date: birthDate } : {}) });
      setIdNumber('');
      setName('');
      setBirthDate('');
      setLoad({ state: 'ready', cert });
      applyTeenMode(cert.teen_mode);
    } catch (error) {
      const data = isApiError(error) ? (error.data as { field?: string; errors?: Array<{ path?: string }> } | undefined) : undefined;
      const field = data?.field ?? data?.errors?.[0]?.path;
      if (isApiError(error) && error.code === ErrorCode.IdentityCertificationMismatch) setFormError(t('identity.mismatch'));
      else if (isApiError(error) && error.code === ErrorCode.TooManyToday) setFormError(t('identity.tooMany'));
      else if (field && FIELDS.includes(field)) setErrors({ [field]: errorText(error) });
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
            <Select
              label={t('identity.region')}
              value={region}
              onValueChange={(value) => {
                setRegion(value as IdentityRegion);
                setErrors({});
              }}
              options={IDENTITY_REGIONS.map((r) => ({ value: r, label: t(`identity.regions.${r}`) }))}
            />
            <TextField
              label={t(`identity.numbers.${region}`)}
              hint={t(`identity.numberHints.${region}`)}
              value={idNumber}
              autoComplete="off"
              inputMode="text"
              maxLength={ID_NUMBER_FORMATS[region].maxLength + 2}
              spellCheck={false}
              error={errors.id_number}
              onChange={(e) => setIdNumber(e.target.value)}
            />
            {asksBirth ? (
              <TextField
                type="date"
                label={t('identity.birthDate')}
                hint={t('identity.birthDateHint')}
                value={birthDate}
                autoComplete="bday"
                min="1900-01-01"
                error={errors.birth_date}
                onChange={(e) => setBirthDate(e.target.value)}
              />
            ) : null}
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
