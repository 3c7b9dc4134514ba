import { useState, type JSX } from 'react';
import type { UgcVoice, UgcVoiceCategories, UgcVoiceConf } from 'shared-kit';
import { Badge, Button, Card, ConfirmDialog, Spinner, TextField } from 'ui-kit';
import { AuditionButton } from '../../components/VoicePicker';
import { useEditorT } from '../../i18n';
import * as voiceService from '../../services/voice.service';
import { useMyVoicesStore } from '../../stores/voices/store';
import { ErrorLine, Slider } from './parts';
import { TagPicker, tagKey } from './TagPicker';
import { useVoiceRequest } from './useVoiceRequest';

const asInfo = (v: UgcVoice) => ({ dubbing: v.voice_id, dubbing_desc: v.name, dubbing_audition: v.preview_url });

/** One voice: preview, tags, state; the owner renames, retunes, makes it public or private and deletes it. */
function VoiceItem({ voice, categories, conf, picked, onPick }: { voice: UgcVoice; categories: UgcVoiceCategories; conf: UgcVoiceConf; picked: boolean; onPick: (on: boolean) => void }): JSX.Element {
  const { t } = useEditorT();
  const put = useMyVoicesStore((s) => s.put);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(voice.name);
  const [tags, setTags] = useState(voice.tags);
  const [pitch, setPitch] = useState(voice.pitch);
  const [speed, setSpeed] = useState(voice.speed);
  const [confirm, setConfirm] = useState(false);
  const { busy, error, run } = useVoiceRequest();
  const change = async (body: Omit<voiceService.VoiceChange, 'voice_id'>): Promise<boolean> => {
    const changed = await run(() => voiceService.updateVoice({ voice_id: voice.voice_id, ...body }));
    if (changed) put(changed);
    return changed !== null;
  };
  const headingId = `voice-${voice.voice_id}`;
  return (
    <Card as="li" className="voices-item" aria-labelledby={headingId}>
      <div className="voices-item__head">
        {voice.status === 'Reviewing' ? <Spinner label={t('voices.reviewingNow')} /> : voice.preview_url ? <AuditionButton info={asInfo(voice)} /> : null}
        <h3 id={headingId} className="voices-item__name">
          {voice.name}
        </h3>
        <label className="voices-tag">
          <input type="checkbox" checked={picked} onChange={(e) => onPick(e.target.checked)} />
          {t('voices.addToMix')}
        </label>
      </div>
      <div className="ui-row">
        {voice.tags.map((x) => (
          <Badge key={tagKey(x)}>{t(`voices.tag.${x.value}`)}</Badge>
        ))}
        {voice.is_mine ? <Badge tone={voice.privacy === 'Public' ? 'success' : 'neutral'}>{t(`voices.privacy.${voice.privacy}`)}</Badge> : null}
        {voice.mix_type === 'Mix' ? <Badge>{t('voices.mixOf', { names: voice.mix_speakers.map((s) => `${s.name ?? s.voice_id} ${s.factor}%`).join(', ') })}</Badge> : null}
        {voice.status !== 'Normal' ? <Badge tone={voice.status === 'Reject' ? 'danger' : 'warning'}>{t(`voices.status.${voice.status}`)}</Badge> : null}
      </div>
      {voice.status === 'Reject' && voice.reject_reason ? <p className="ui-field__error">{t('voices.rejectedBecause', { reason: voice.reject_reason })}</p> : null}
      {voice.is_mine ? (
        <div className="ui-row">
          <Button size="sm" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
            {t('voices.edit')}
          </Button>
          <Button size="sm" loading={busy && !editing} onClick={() => void change({ privacy: voice.privacy === 'Public' ? 'Privacy' : 'Public' })}>
            {voice.privacy === 'Public' ? t('voices.makePrivate') : t('voices.makePublic')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirm(true)}>
            {t('voices.delete')}
          </Button>
        </div>
      ) : null}
      {editing ? (
        <div className="voices-edit">
          <TextField
            label={t('voices.name')}
            value={name}
            limit={conf.name_max}
            hint={voice.next_rename_at ? t('voices.renameTomorrow') : t('voices.renameOnce')}
            onChange={(e) => setName(e.target.value)}
          />
          <TagPicker categories={categories} value={tags} max={conf.tags_max} onChange={setTags} idBase={`${voice.voice_id}-tags`} />
          <Slider label={t('voices.pitch')} value={pitch} range={conf.pitch_range} onChange={setPitch} />
          <Slider label={t('voices.speed')} value={speed} range={conf.speed_range} onChange={setSpeed} />
          <Button
            variant="primary"
            loading={busy}
            onClick={() =>
              void change({ ...(name.trim() !== voice.name ? { name: name.trim() } : {}), tags, pitch, speed }).then((ok) => ok && setEditing(false))
            }
          >
            {t('voices.save')}
          </Button>
        </div>
      ) : null}
      <ErrorLine error={error} />
      <ConfirmDialog
        open={confirm}
        danger
        title={t('voices.deleteTitle', { name: voice.name })}
        confirmLabel={t('voices.delete')}
        busy={busy}
        onConfirm={() => void change({ status: 'Deleted' }).then(() => setConfirm(false))}
        onCancel={() => setConfirm(false)}
      >
        {voice.privacy === 'Public' ? t('voices.deletePublic') : t('voices.deleteText')}
      </ConfirmDialog>
    </Card>
  );
}


/** A list of voices, each of which can be picked for a mix. */
export function VoiceList({ voices, conf, categories, picked, onPick }: { voices: UgcVoice[]; conf: UgcVoiceConf; categories: UgcVoiceCategories; picked: Map<string, UgcVoice>; onPick: (v: UgcVoice, on: boolean) => void }): JSX.Element {
  return (
    <ul className="voices-list">
      {voices.map((v) => (
        <VoiceItem key={`${v.voice_id}-${v.preview_url}-${v.name}`} voice={v} conf={conf} categories={categories} picked={picked.has(v.voice_id)} onPick={(on) => onPick(v, on)} />
      ))}
    </ul>
  );
}
