import { memo, type JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { FieldError, TextField, fieldA11y, useFieldError } from '../components/Field';
import { ImagePicker } from '../components/ImagePicker';
import { MentionField } from '../components/MentionField';
import { selectBgms } from '../stores/catalog/selectors';
import { useCatalogStore } from '../stores/catalog/store';
import { fieldDomId, nodeKey } from '../stores/editor/fields';
import { selectNode, selectNodeIds } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { useNames } from './useNames';

function MusicSelect({ id, value, onChange }: { id: string; value: string; onChange: (vid: string, style: string) => void }): JSX.Element {
  const bgms = useCatalogStore(selectBgms);
  const domId = fieldDomId(nodeKey(id, 'bgm_info'));
  return (
    <div className="ed-field">
      <div className="ed-field__head">
        <label htmlFor={domId}>Music</label>
      </div>
      <select
        id={domId}
        className="ed-input"
        value={value}
        onChange={(e) => {
          const bgm = bgms.find((b) => b.vid === e.target.value);
          onChange(bgm?.vid ?? '', bgm?.music_style ?? '');
        }}
      >
        <option value="">No music</option>
        {bgms.map((b) => (
          <option key={b.vid} value={b.vid}>
            {b.name} ({b.music_style})
          </option>
        ))}
      </select>
    </div>
  );
}

const ChapterCard = memo(function ChapterCard({ id, index, last }: { id: string; index: number; last: boolean }): JSX.Element | null {
  const node = useEditorStore(selectNode(id));
  const update = useEditorStore((s) => s.updateNode);
  const add = useEditorStore((s) => s.addNode);
  const remove = useEditorStore((s) => s.removeNode);
  const names = useNames();
  const endingKey = nodeKey(id, 'ending_content');
  const visibleError = useFieldError(nodeKey(id, 'end_visible'));
  if (!node) return null;
  const label = `Chapter ${index + 1}`;
  return (
    <article className="ed-card" aria-label={label}>
      <header className="ed-card__head">
        <h3>{label}</h3>
        <div className="ed-card__tools">
          <button type="button" className="ed-link" onClick={() => add(id)}>
            Add chapter before {label}
          </button>
          <button type="button" className="ed-link ed-link--danger" onClick={() => remove(id)}>
            Remove {label}
          </button>
        </div>
      </header>
      <TextField
        fkey={nodeKey(id, 'name')}
        label={`${label} title`}
        value={node.name}
        max={LIMITS.plotTitle}
        placeholder="Only you see the title"
        onChange={(v) => update(id, { name: v })}
      />
      <MentionField
        fkey={nodeKey(id, 'content')}
        label={`${label} content`}
        value={node.content}
        max={LIMITS.plotContent}
        names={names}
        onChange={(v) => update(id, { content: v })}
      />
      <MentionField
        fkey={endingKey}
        label={`${label} ending`}
        value={node.ending_content}
        max={LIMITS.plotEnding}
        names={names}
        placeholder={last ? 'How the story ends (required for the last chapter)' : 'What ends this chapter'}
        onChange={(v) => update(id, { ending_content: v })}
      />
      <label className="ed-check">
        <input
          type="checkbox"
          {...fieldA11y(nodeKey(id, 'end_visible'), visibleError, false)}
          checked={node.end_visible}
          onChange={(e) => update(id, { end_visible: e.target.checked })}
        />
        Show the ending to players
      </label>
      <FieldError fkey={nodeKey(id, 'end_visible')} error={visibleError} />
      <div className="ed-card__grid">
        <ImagePicker
          fkey={nodeKey(id, 'background_url')}
          label={`${label} background`}
          use="background"
          value={node.background_url}
          onChange={(url) => update(id, { background_url: url })}
        />
        <MusicSelect
          id={id}
          value={node.bgm_info?.vid ?? ''}
          onChange={(vid, style) => update(id, { bgm_info: vid ? { vid, music_style: style } : null })}
        />
      </div>
    </article>
  );
});

export function ChaptersSection(): JSX.Element {
  const ids = useEditorStore(selectNodeIds);
  const add = useEditorStore((s) => s.addNode);
  const list = ids ? ids.split(' ') : [];
  const error = useFieldError('nodes');
  return (
    <section className="ed-section" aria-labelledby="ed-chapters" id="section-chapters">
      <h2 id="ed-chapters">
        Chapters <span className="ed-hint">({list.length}/{LIMITS.maxPlots})</span>
      </h2>
      {list.map((id, i) => (
        <ChapterCard key={id} id={id} index={i} last={i === list.length - 1} />
      ))}
      <button
        type="button"
        id={fieldDomId('nodes')}
        className="ed-button"
        disabled={list.length >= LIMITS.maxPlots}
        onClick={() => add()}
      >
        Add chapter at the end
      </button>
      <FieldError fkey="nodes" error={error} />
    </section>
  );
}
