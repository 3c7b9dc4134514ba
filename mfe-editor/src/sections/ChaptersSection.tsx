import { memo, type JSX } from 'react';
import { LIMITS } from 'shared-kit';
import { Button, Card, Checkbox, Select } from 'ui-kit';
import { FieldError, TextField, useFieldError } from '../components/Field';
import { ImagePicker } from '../components/ImagePicker';
import { MentionField } from '../components/MentionField';
import { useEditorT } from '../i18n';
import { selectBgms } from '../stores/catalog/selectors';
import { useCatalogStore } from '../stores/catalog/store';
import { fieldDomId, nodeKey } from '../stores/editor/fields';
import { selectNode, selectNodeIds } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { useNames } from './useNames';

/** The select's value for "no music" (a select option cannot have an empty value). */
const NO_MUSIC = 'none';

function MusicSelect({ id, value, onChange }: { id: string; value: string; onChange: (vid: string, style: string) => void }): JSX.Element {
  const { t } = useEditorT();
  const bgms = useCatalogStore(selectBgms);
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

const ChapterCard = memo(function ChapterCard({ id, index, last }: { id: string; index: number; last: boolean }): JSX.Element | null {
  const { t } = useEditorT();
  const node = useEditorStore(selectNode(id));
  const update = useEditorStore((s) => s.updateNode);
  const add = useEditorStore((s) => s.addNode);
  const remove = useEditorStore((s) => s.removeNode);
  const names = useNames();
  const endingKey = nodeKey(id, 'ending_content');
  const visibleKey = nodeKey(id, 'end_visible');
  const visibleError = useFieldError(visibleKey);
  if (!node) return null;
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
      <TextField
        fkey={nodeKey(id, 'name')}
        label={t('fields.chapterTitle', { chapter: label })}
        value={node.name}
        max={LIMITS.plotTitle}
        placeholder={t('fields.titlePlaceholder')}
        onChange={(v) => update(id, { name: v })}
      />
      <MentionField
        fkey={nodeKey(id, 'content')}
        label={t('fields.chapterContent', { chapter: label })}
        value={node.content}
        max={LIMITS.plotContent}
        names={names}
        onChange={(v) => update(id, { content: v })}
      />
      <MentionField
        fkey={endingKey}
        label={t('fields.chapterEnding', { chapter: label })}
        value={node.ending_content}
        max={LIMITS.plotEnding}
        names={names}
        placeholder={last ? t('fields.endingPlaceholderLast') : t('fields.endingPlaceholder')}
        onChange={(v) => update(id, { ending_content: v })}
      />
      <Checkbox
        id={fieldDomId(visibleKey)}
        label={t('fields.showEnding')}
        checked={node.end_visible}
        onCheckedChange={(checked) => update(id, { end_visible: checked })}
      />
      <FieldError fkey={visibleKey} error={visibleError} />
      <div className="editor-grid">
        <ImagePicker
          fkey={nodeKey(id, 'background_url')}
          label={t('fields.chapterBackground', { chapter: label })}
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
        {t('sections.chapters')} <span className="ui-text-muted">{t('sections.chapterCount', { count: list.length, max: LIMITS.maxPlots })}</span>
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
