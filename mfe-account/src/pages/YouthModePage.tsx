import type { JSX } from 'react';
import { TeenMode } from 'shared-kit';
import { PageHeader } from '../components/PageHeader';
import { Switch } from '../components/Switch';
import { shellToast as toast } from 'shared-kit';
import { selectTeenMode } from '../stores/profile/selectors';
import { useProfileStore } from '../stores/profile/store';
import { selectYouthMode } from '../stores/settings/selectors';
import { useSettingsStore } from '../stores/settings/store';

/** `/account/youth-mode`: what youth mode blocks, and the switch. */
export function YouthModePage(): JSX.Element {
  const teenMode = useProfileStore(selectTeenMode);
  const state = useSettingsStore(selectYouthMode);
  const setYouthMode = useSettingsStore((s) => s.setYouthMode);
  const on = teenMode === TeenMode.Enable;

  async function onChange(enable: boolean): Promise<void> {
    if (await setYouthMode(enable)) toast({ type: 'success', message: enable ? 'Youth mode is on' : 'Youth mode is off' });
  }

  return (
    <div className="acct-page">
      <PageHeader title="Youth mode" />
      <section className="acct-card" aria-labelledby="acct-youth-what">
        <h2 id="acct-youth-what">What youth mode does</h2>
        <p>Youth mode is for people under 18. While it is on:</p>
        <ul className="acct-list">
          <li>
            <strong>Creating is blocked</strong>: no new stories, characters or templates, and no editing of your drafts.
          </li>
          <li>
            <strong>Commenting is blocked</strong>: you can read comments but not post or reply.
          </li>
          <li>You can still play stories and chat with characters.</li>
        </ul>
        <p className="acct-muted">The limits are applied by our servers, on every device you use with this account.</p>
      </section>
      <section className="acct-card" aria-label="Youth mode switch">
        <Switch
          label="Youth mode"
          description={on ? 'On: creating and commenting are blocked.' : 'Off: creating and commenting are allowed.'}
          checked={on}
          disabled={state.status === 'busy'}
          onChange={(v) => void onChange(v)}
        />
        {state.status === 'error' ? (
          <p className="acct-error" role="alert">
            {state.error}
          </p>
        ) : null}
      </section>
    </div>
  );
}
