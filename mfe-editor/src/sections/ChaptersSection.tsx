import { memo, useCallback, type JSX } from 'react';
import { LIMITS, type StoryNode } from 'shared-kit';
import { Button, Card, Checkbox, Select } from 'ui-kit';
import { FieldError, fieldA11y, useFieldError } from '../components/Field';
import { StoryTextField } from '../components/StoryTextField';
import { ImagePicker } from '../components/ImagePicker';
import { MentionField } from '../components/MentionField';
import { useEditorT } from '../i18n';
import { selectBgms } from '../stores/mediaOptions/selectors';
import { useMediaOptionsStore } from '../stores/mediaOptions/store';
import { fieldDomId, nodeKey } from '../stores/editor/fields';
import { selectNode, selectNodeIds } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { useNames } from './useNames';

/** The select's value for "no music" (a select option cannot have an empty value). */
const NO_MUSIC = 'none';

function MusicSelect({ id, value, onChange }: { id: string; value: string; onChange: (vid: string, style: string) => void }): JSX.Element {
  const { t } = useEditorT();
  const bgms = useMediaOptionsStore(selectBgms);
  const options = [
    { value: NO_MUSIC, label: t('fields.noMusic') },
    ...bgms.map((b) => ({ value: b.vid, label: t('fields.musicOption', { name: b.name, style: b.music_style }) })),
  ];
  return (
    <Select
      id={fieldDomId(nodeKey(id, 'bgm_info'))}
      label={t('fields.music')}
      value={value || NO_MUSIC}
      options={options}
      onValueChange={(vid) => {
        const bgm = bgms.find((b) => b.vid === vid);
        onChange(bgm?.vid ?? '', bgm?.music_style ?? '');
      }}
    />
  );
}

/** One field of one chapter: a component subscribed to it re-renders when that field changes, and nothing else does. */
function useNodeField<K extends keyof StoryNode>(id: string, field: K): StoryNode[K] | undefined {
  return useEditorStore((s) => selectNode(id)(s)?.[field]);
}

/** The chapter's setter for one field, stable across renders (so memoised fields skip a re-render). */
function useNodeSetter<K extends keyof StoryNode>(id: string, field: K): (value: StoryNode[K]) => void {
  const update = useEditorStore((s) => s.updateNode);
  return useCallback((value: StoryNode[K]) => update(id, { [field]: value }), [update, id, field]);
}

const ChapterTitle = memo(function ChapterTitle({ id, chapter }: { id: string; chapter: string }): JSX.Element {
  const { t } = useEditorT();
  const value = useNodeField(id, 'name') ?? '';
  const set = useNodeSetter(id, 'name');
  return (
    <StoryTextField
      fkey={nodeKey(id, 'name')}
      label={t('fields.chapterTitle', { chapter })}
      value={value}
      max={LIMITS.plotTitle}
      placeholder={t('fields.titlePlaceholder')}
      onChange={set}
    />
  );
});

const ChapterText = memo(function ChapterText({
  id,
  field,
  label,
  max,
  placeholder,
}: {
  id: string;
  field: 'content' | 'ending_content';
  label: string;
  max: number;
  placeholder?: string;
}): JSX.Element {
  const names = useNames();
  const value = useNodeField(id, field) ?? '';
  const set = useNodeSetter(id, field);
  return <MentionField fkey={nodeKey(id, field)} label={label} value={value} max={max} names={names} placeholder={placeholder} onChange={set} />;
});

const EndingVisible = memo(function EndingVisible({ id }: { id: string }): JSX.Element {
  const { t } = useEditorT();
  const key = nodeKey(id, 'end_visible');
  const checked = useNodeField(id, 'end_visible') ?? false;
  const set = useNodeSetter(id, 'end_visible');
  const error = useFieldError(key);
  const a11y = fieldA11y(key, error, false);
  return (
    <>
      <Checkbox
        id={a11y.id}
        label={t('fields.showEnding')}
        checked={checked}
        onCheckedChange={set}
        aria-describedby={a11y['aria-describedby']}
        aria-invalid={a11y['aria-invalid']}
      />
      <FieldError fkey={key} error={error} />
    </>
  );
});

const ChapterBackground = memo(function ChapterBackground({ id, chapter }: { id: string; chapter: string }): JSX.Element {
  const { t } = useEditorT();
  const value = useNodeField(id, 'background_url') ?? '';
  const set = useNodeSetter(id, 'background_url');
  return <ImagePicker fkey={nodeKey(id, 'background_url')} label={t('fields.chapterBackground', { chapter })} use="background" value={value} onChange={set} />;
});

const ChapterMusic = memo(function ChapterMusic({ id }: { id: string }): JSX.Element {
  const vid = useEditorStore((s) => selectNode(id)(s)?.bgm_info?.vid ?? '');
  const set = useNodeSetter(id, 'bgm_info');
  return <MusicSelect id={id} value={vid} onChange={(v, style) => set(v ? { vid: v, music_style: style } : null)} />;
});

/**
 * A chapter: its parts subscribe to their own fields, so typing in one re-renders that field alone (a story has up
 * to 100 chapters of 3,000 characters; a keystroke must stay within a frame).
 */
const ChapterCard = memo(function ChapterCard({ id, index, last }: { id: string; index: number; last: boolean }): JSX.Element | null {
  const { t } = useEditorT();
  const exists = useEditorStore((s) => selectNode(id)(s) !== undefined);
  const add = useEditorStore((s) => s.addNode);
  const remove = useEditorStore((s) => s.removeNode);
  if (!exists) return null;
  const label = t('common.chapterN', { n: index + 1 });
  return (
    <Card as="article" className="editor-card" aria-label={label}>
      <header className="editor-card__head">
        <h3>{label}</h3>
        <div className="ui-row">
          <Button variant="ghost" size="sm" onClick={() => add(id)}>
            {t('sections.addChapterBefore', { chapter: label })}
          </Button>
          <Button variant="ghost" size="sm" className="editor-danger-text" onClick={() => remove(id)}>
            {t('sections.remove', { name: label })}
          </Button>
        </div>
      </header>
      <ChapterTitle id={id} chapter={label} />
      <ChapterText id={id} field="content" label={t('fields.chapterContent', { chapter: label })} max={LIMITS.plotContent} />
      <ChapterText
        id={id}
        field="ending_content"
        label={t('fields.chapterEnding', { chapter: label })}
        max={LIMITS.plotEnding}
        placeholder={last ? t('fields.endingPlaceholderLast') : t('fields.endingPlaceholder')}
      />
      <EndingVisible id={id} />
      <div className="editor-grid">
        <ChapterBackground id={id} chapter={label} />
        <ChapterMusic id={id} />
      </div>
    </Card>
  );
});

export function ChaptersSection(): JSX.Element {
  const { t } = useEditorT();
  const ids = useEditorStore(selectNodeIds);
  const add = useEditorStore((s) => s.addNode);
  const list = ids ? ids.split(' ') : [];
  const error = useFieldError('nodes');
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-chapters" id="section-chapters">
      <h2 id="editor-chapters" className="ui-heading-2">
        {t('sections.chapters')}
        <span className="ui-text-muted">{t('sections.chapterCount', { count: list.length, max: LIMITS.maxPlots })}</span>
      </h2>
      {list.map((id, i) => (
        <ChapterCard key={id} id={id} index={i} last={i === list.length - 1} />
      ))}
      <div>
        <Button id={fieldDomId('nodes')} disabled={list.length >= LIMITS.maxPlots} onClick={() => add()}>
          {t('sections.addChapterEnd')}
        </Button>
      </div>
      <FieldError fkey="nodes" error={error} />
    </Card>
  );
}
