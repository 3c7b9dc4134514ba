import { memo, useCallback, type JSX } from 'react';
import { LIMITS, isContentNode, type StoryNode } from 'shared-kit';
import { Button, Card, Checkbox, Select } from 'ui-kit';
import { FieldError, FieldErrorsScope, fieldA11y, useFieldError } from '../components/Field';
import type { EditorNames } from '../components/mentionDom';
import { StoryTextField } from '../components/StoryTextField';
import { ImagePicker } from '../components/ImagePicker';
import { MentionField } from '../components/MentionField';
import { useEditorT } from '../i18n';
import { selectBgms } from '../stores/mediaOptions/selectors';
import { useMediaOptionsStore } from '../stores/mediaOptions/store';
import { fieldDomId, nodeKey } from '../stores/editor/fields';
import { selectErrors, selectNodes } from '../stores/editor/selectors';
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

/** The chapter's setter for one field, stable across renders (so memoised fields skip a re-render); no subscription. */
function useNodeSetter<K extends keyof StoryNode>(id: string, field: K): (value: StoryNode[K]) => void {
  return useCallback((value: StoryNode[K]) => useEditorStore.getState().updateNode(id, { [field]: value }), [id, field]);
}

const ChapterTitle = memo(function ChapterTitle({ id, chapter, value }: { id: string; chapter: string; value: string }): JSX.Element {
  const { t } = useEditorT();
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
  value,
  names,
  label,
  max,
  placeholder,
}: {
  id: string;
  field: 'content' | 'ending_content';
  value: string;
  names: EditorNames;
  label: string;
  max: number;
  placeholder?: string;
}): JSX.Element {
  const set = useNodeSetter(id, field);
  return <MentionField fkey={nodeKey(id, field)} label={label} value={value} max={max} names={names} placeholder={placeholder} onChange={set} />;
});

const EndingVisible = memo(function EndingVisible({ id, checked }: { id: string; checked: boolean }): JSX.Element {
  const { t } = useEditorT();
  const key = nodeKey(id, 'end_visible');
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

const ChapterBackground = memo(function ChapterBackground({ id, chapter, value }: { id: string; chapter: string; value: string }): JSX.Element {
  const { t } = useEditorT();
  const set = useNodeSetter(id, 'background_url');
  return <ImagePicker fkey={nodeKey(id, 'background_url')} label={t('fields.chapterBackground', { chapter })} use="background" value={value} onChange={set} />;
});

const ChapterMusic = memo(function ChapterMusic({ id, vid }: { id: string; vid: string }): JSX.Element {
  const set = useNodeSetter(id, 'bgm_info');
  return <MusicSelect id={id} value={vid} onChange={(v, style) => set(v ? { vid: v, music_style: style } : null)} />;
});

/**
 * A chapter, given its node: only the card whose node changed re-renders, and within it only the field whose value
 * changed (a story has up to 100 chapters of 3,000 characters; a keystroke must stay within a frame). The section
 * holds the one store subscription for all of them: every subscription runs on every keystroke.
 */
const ChapterCard = memo(function ChapterCard({
  node,
  names,
  index,
  last,
}: {
  node: StoryNode;
  names: EditorNames;
  index: number;
  last: boolean;
}): JSX.Element {
  const { t } = useEditorT();
  const id = node.node_id;
  const label = t('common.chapterN', { n: index + 1 });
  return (
    <Card as="article" className="editor-card" aria-label={label}>
      <header className="editor-card__head">
        <h3>{label}</h3>
        <div className="ui-row">
          <Button variant="ghost" size="sm" onClick={() => useEditorStore.getState().addNode(id)}>
            {t('sections.addChapterBefore', { chapter: label })}
          </Button>
          <Button variant="ghost" size="sm" className="editor-danger-text" onClick={() => useEditorStore.getState().removeNode(id)}>
            {t('sections.remove', { name: label })}
          </Button>
        </div>
      </header>
      <ChapterTitle id={id} chapter={label} value={node.name} />
      <ChapterText id={id} field="content" value={node.content} names={names} label={t('fields.chapterContent', { chapter: label })} max={LIMITS.plotContent} />
      <ChapterText
        id={id}
        field="ending_content"
        value={node.ending_content}
        names={names}
        label={t('fields.chapterEnding', { chapter: label })}
        max={LIMITS.plotEnding}
        placeholder={last ? t('fields.endingPlaceholderLast') : t('fields.endingPlaceholder')}
      />
      <EndingVisible id={id} checked={node.end_visible} />
      <div className="editor-grid">
        <ChapterBackground id={id} chapter={label} value={node.background_url} />
        <ChapterMusic id={id} vid={node.bgm_info?.vid ?? ''} />
      </div>
    </Card>
  );
});

export function ChaptersSection(): JSX.Element {
  const { t } = useEditorT();
  const all = useEditorStore(selectNodes);
  // In a branching story the chapters are its scenes; choices, judges, changes and endings are edited on the Story map.
  const nodes = all.every(isContentNode) ? all : all.filter(isContentNode);
  const errors = useEditorStore(selectErrors);
  const names = useNames();
  const error = errors.nodes;
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-chapters" id="section-chapters">
      <h2 id="editor-chapters" className="ui-heading-2">
        {t('sections.chapters')}
        <span className="ui-text-muted">{t('sections.chapterCount', { count: nodes.length, max: LIMITS.maxPlots })}</span>
      </h2>
      <FieldErrorsScope.Provider value={errors}>
        {nodes.map((node, i) => (
          <ChapterCard key={node.node_id} node={node} names={names} index={i} last={i === nodes.length - 1} />
        ))}
      </FieldErrorsScope.Provider>
      <div>
        <Button id={fieldDomId('nodes')} disabled={all.length >= LIMITS.maxPlots} onClick={() => useEditorStore.getState().addNode()}>
          {t('sections.addChapterEnd')}
        </Button>
      </div>
      <FieldError fkey="nodes" error={error} />
    </Card>
  );
}
