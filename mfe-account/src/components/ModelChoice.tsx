import { useCallback, useEffect, useState, type JSX } from 'react';
import { ErrorCode, isApiError, type ModelOptions } from 'shared-kit';
import { Badge, Button, Card, Spinner } from 'ui-kit';
import { useAccountT } from '../i18n';
import { chooseModel, fetchModelOptions } from '../services/membership.service';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; options: ModelOptions };

/**
 * The membership page's model choice: the models a player's plays may use, members-only ones marked and, for a
 * non-member, unavailable. A choice is saved at once; the plays' next turns use it.
 */
export function ModelChoice(): JSX.Element {
  const { t } = useAccountT();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  /** The model being saved: shown as chosen at once, the saved choice once the api answers. */
  const [saving, setSaving] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; alert: boolean } | null>(null);

  const reload = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', options: await fetchModelOptions() });
    } catch {
      setLoad({ state: 'error' });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  async function choose(id: string, name: string): Promise<void> {
    setSaving(id);
    setMessage(null);
    try {
      const options = await chooseModel(id);
      setLoad({ state: 'ready', options });
      setMessage({ text: t('membership.models.saved', { name }), alert: false });
    } catch (err) {
      const membersOnly = isApiError(err) && err.code === ErrorCode.NoAccess;
      setMessage({ text: membersOnly ? t('membership.models.membersOnlyRefused') : t('membership.models.saveFailed'), alert: true });
    } finally {
      setSaving(null);
    }
  }

  const heading = <h2 id="vip-models">{t('membership.models.title')}</h2>;
  if (load.state === 'loading') {
    return (
      <Card as="section" aria-labelledby="vip-models">
        {heading}
        <Spinner label={t('membership.models.loading')} />
      </Card>
    );
  }
  if (load.state === 'error') {
    return (
      <Card as="section" aria-labelledby="vip-models">
        {heading}
        <p role="alert">{t('membership.models.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void reload()}>
          {t('common.tryAgain')}
        </Button>
      </Card>
    );
  }
  const o = load.options;
  const selected = saving ?? o.chosen_model ?? o.default_model ?? '';
  const nameOf = (id: string | null) => o.models.find((m) => m.id === id)?.name ?? id ?? '';
  const waiting = o.chosen_model !== null && o.current_model !== o.chosen_model;
  return (
    <Card as="section" aria-labelledby="vip-models">
      {heading}
      {o.models.length < 2 ? (
        <p className="ui-text-muted">{t('membership.models.none')}</p>
      ) : (
        <fieldset className="account-models" aria-busy={saving !== null}>
          <legend className="ui-visually-hidden">{t('membership.models.legend')}</legend>
          {o.models.map((m) => (
            <label key={m.id} className="account-model" data-disabled={m.available ? undefined : ''}>
              <input type="radio" name="chat-model" value={m.id} checked={selected === m.id} disabled={!m.available} onChange={() => saving === null && void choose(m.id, m.name)} />
              <span className="account-model__name">{m.name}</span>
              {m.id === o.default_model ? <Badge tone="neutral">{t('membership.models.default')}</Badge> : null}
              {m.members_only ? <Badge tone="warning">{t('membership.models.membersOnly')}</Badge> : null}
            </label>
          ))}
        </fieldset>
      )}
      {!o.is_vip && o.models.some((m) => m.members_only) ? <p className="ui-text-muted">{t('membership.models.becomeMember')}</p> : null}
      {waiting ? <p>{t('membership.models.waiting', { chosen: nameOf(o.chosen_model), current: nameOf(o.current_model) })}</p> : null}
      {o.ai_mode === 'offline' && o.models.length >= 2 ? <p className="ui-text-muted">{t('membership.models.offline')}</p> : null}
      {message ? <p role={message.alert ? 'alert' : 'status'}>{message.text}</p> : null}
    </Card>
  );
}
