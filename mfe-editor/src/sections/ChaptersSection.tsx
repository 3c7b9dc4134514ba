import { memo, useCallback, useMemo, useRef, type JSX, type MutableRefObject } from 'react';
import { LIMITS, type StoryNode } from 'shared-kit';
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
import { selectChapterIds, selectErrors, selectNode, selectNodeCount } from '../stores/editor/selectors';
import { useEditorStore, type EditorState } from '../stores/editor/store';
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

/** A chapter's two texts as last typed in its own fields (see `useChapterNode`). */
type TypedTexts = MutableRefObject<Partial<Record<'content' | 'ending_content', string>>>;

/**
 * A chapter's content or ending: its label and placeholder made here, so typing in the chapter does not redo them.
 * What is typed is noted in `typed` before the store hears of it; the field's own counter follows it.
 */
const ChapterText = memo(function ChapterText({
  id,
  field,
  value,
  names,
  chapter,
  last,
  typed,
}: {
  id: string;
  field: 'content' | 'ending_content';
  value: string;
  names: EditorNames;
  chapter: string;
  last: boolean;
  typed: TypedTexts;
}): JSX.Element {
  const { t } = useEditorT();
  const set = useCallback(
    (text: string) => {
      typed.current[field] = text;
      useEditorStore.getState().updateNode(id, { [field]: text });
    },
    [typed, id, field],
  );
  const content = field === 'content';
  const [label, placeholder] = useMemo(
    () =>
      content
        ? [t('fields.chapterContent', { chapter }), undefined]
        : [t('fields.chapterEnding', { chapter }), last ? t('fields.endingPlaceholderLast') : t('fields.endingPlaceholder')],
    [t, content, chapter, last],
  );
  return (
    <MentionField
      fkey={nodeKey(id, field)}
      label={label}
      value={value}
      max={content ? LIMITS.plotContent : LIMITS.plotEnding}
      names={names}
      placeholder={placeholder}
      onChange={set}
    />
  );
});

/** The node differs from the one shown only by texts its own fields typed (their editors and counters have them). */
function onlyTyped(shown: StoryNode, next: StoryNode, typed: TypedTexts['current']): boolean {
  for (const k of Object.keys(next) as (keyof StoryNode)[]) {
    if (Object.is(shown[k], next[k])) continue;
    if ((k === 'content' || k === 'ending_content') && next[k] === typed[k]) continue;
    return false;
  }
  return Object.keys(shown).length === Object.keys(next).length;
}

/**
 * The chapter's node for its card, kept as shown while the only changes are what the card's own text fields typed:
 * a keystroke then re-renders the field's counter alone, not the card. Any other change (a title, a picture, the
 * same text changed elsewhere, such as on the Story map) re-renders the card as usual.
 */
function useChapterNode(id: string, typed: TypedTexts): StoryNode | undefined {
  const select = useMemo(() => {
    const node = selectNode(id);
    let shown: StoryNode | undefined;
    return (s: EditorState) => {
      const next = node(s);
      if (!(shown && next && onlyTyped(shown, next, typed.current))) shown = next;
      return shown;
    };
  }, [id, typed]);
  return useEditorStore(select);
}

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

const ChapterHead = memo(function ChapterHead({ id, label }: { id: string; label: string }): JSX.Element {
  const { t } = useEditorT();
  return (
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
  );
});

/**
 * A chapter: the card selects its own node, so an edit re-renders only its card, and a keystroke in its texts only
 * the field's counter (a story has up to 100 chapters of 3,000 characters; a keystroke must stay within a frame).
 * The section lists the cards by id and re-renders when chapters come, go or move.
 */
const ChapterCard = memo(function ChapterCard({
  id,
  names,
  index,
  last,
}: {
  id: string;
  names: EditorNames;
  index: number;
  last: boolean;
}): JSX.Element | null {
  const { t } = useEditorT();
  const typed: TypedTexts = useRef({});
  const node = useChapterNode(id, typed);
  const label = useMemo(() => t('common.chapterN', { n: index + 1 }), [t, index]);
  if (!node) return null;
  return (
    <Card as="article" className="editor-card" aria-label={label}>
      <ChapterHead id={id} label={label} />
      <ChapterTitle id={id} chapter={label} value={node.name} />
      <ChapterText id={id} field="content" value={node.content} names={names} chapter={label} last={last} typed={typed} />
      <ChapterText id={id} field="ending_content" value={node.ending_content} names={names} chapter={label} last={last} typed={typed} />
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
  // In a branching story the chapters are its scenes; choices, judges, changes and endings are edited on the Story map.
  const idsKey = useEditorStore(selectChapterIds);
  const ids = useMemo(() => (idsKey === '' ? [] : idsKey.split(' ')), [idsKey]);
  const total = useEditorStore(selectNodeCount);
  const errors = useEditorStore(selectErrors);
  const names = useNames();
  const error = errors.nodes;
  return (
    <Card as="section" className="editor-section" aria-labelledby="editor-chapters" id="section-chapters">
      <h2 id="editor-chapters" className="ui-heading-2">
        {t('sections.chapters')}
        <span className="ui-text-muted">{t('sections.chapterCount', { count: ids.length, max: LIMITS.maxPlots })}</span>
      </h2>
      <FieldErrorsScope.Provider value={errors}>
        {ids.map((id, i) => (
          <ChapterCard key={id} id={id} names={names} index={i} last={i === ids.length - 1} />
        ))}
      </FieldErrorsScope.Provider>
      <div>
        <Button id={fieldDomId('nodes')} disabled={total >= LIMITS.maxPlots} onClick={() => useEditorStore.getState().addNode()}>
          {t('sections.addChapterEnd')}
        </Button>
      </div>
      <FieldError fkey="nodes" error={error} />
    </Card>
  );
}
