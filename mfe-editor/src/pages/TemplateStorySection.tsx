import { useRef, type JSX } from 'react';
import { skeletonTexts, TemplateFieldType, type StoryContent, type TemplateField, type TemplateIssue } from 'shared-kit';
import { Button, Card, TextArea } from 'ui-kit';
import { useEditorT } from '../i18n';
import { templateIssueText } from './templateIssues';
import { fromDisplay, insertLabel, toDisplay } from './templateText';

const domId = (path: string): string => `tmpl-text-${path.replace(/\./g, '-')}`;

/** Sets the text at a dotted path (`nodes.1.content`) of a story. */
export function setTextAt(story: StoryContent, path: string, value: string): void {
  const keys = path.split('.');
  let node: unknown = story;
  for (const key of keys.slice(0, -1)) node = (node as Record<string, unknown>)[key];
  (node as Record<string, unknown>)[keys[keys.length - 1] ?? ''] = value;
}

function useTextLabel(story: StoryContent): (path: string) => string {
  const { t } = useEditorT();
  return (path) => {
    const [head, i = '0', leaf = ''] = path.split('.');
    const n = Number(i);
    if (head === 'characters') {
      const name = story.characters[n]?.character_name || t('common.characterN', { n: n + 1 });
      return t(`template.story.character.${leaf}`, { name });
    }
    if (head === 'nodes') {
      const name = story.nodes[n]?.name || t('common.chapterN', { n: n + 1 });
      return t(`template.story.chapter.${leaf}`, { name });
    }
    return t(`template.story.${path.replace('.', '_')}`);
  };
}

export interface TemplateStorySectionProps {
  story: StoryContent;
  fields: TemplateField[];
  issues: Map<string, TemplateIssue>;
  onText: (path: string, value: string) => void;
}

/**
 * The story skeleton's texts. A text field shows as `[Field name]`: the buttons insert one where the caret was in
 * the last text box used, and typing the label places it too.
 */
export function TemplateStorySection({ story, fields, issues, onText }: TemplateStorySectionProps): JSX.Element {
  const { t } = useEditorT();
  const labelOf = useTextLabel(story);
  const last = useRef<{ path: string; caret: number } | null>(null);
  const texts = skeletonTexts(story);
  const textFields = fields.filter((f) => f.type === TemplateFieldType.Text);

  function insert(field: TemplateField): void {
    const target = last.current ?? { path: 'story_name', caret: -1 };
    const current = texts.find((x) => x.path === target.path)?.text ?? '';
    const shown = toDisplay(current, fields);
    const { text, caret } = insertLabel(shown, field, target.caret < 0 ? null : target.caret);
    onText(target.path, fromDisplay(text, fields));
    last.current = { path: target.path, caret };
    requestAnimationFrame(() => {
      const el = document.getElementById(domId(target.path)) as HTMLTextAreaElement | null;
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  }

  const remember = (path: string, el: HTMLTextAreaElement) => {
    last.current = { path, caret: el.selectionStart };
  };

  return (
    <Card as="section" className="editor-section" aria-labelledby="tmpl-story">
      <h2 id="tmpl-story" className="ui-heading-2">
        {t('template.story.title')}
      </h2>
      <p className="ui-field__hint">{t('template.story.hint')}</p>
      <div className="ui-row editor-filters" role="group" aria-label={t('template.story.insertLabel')}>
        {textFields.length === 0 ? <span className="ui-field__hint">{t('template.story.noTextFields')}</span> : null}
        {textFields.map((f) => (
          <Button key={f.field_id} size="sm" variant="secondary" onMouseDown={(e) => e.preventDefault()} onClick={() => insert(f)}>
            {t('template.story.insert', { name: f.name.trim() || f.field_id })}
          </Button>
        ))}
      </div>
      {texts.map(({ path, text }) => (
        <TextArea
          key={path}
          id={domId(path)}
          label={labelOf(path)}
          rows={path.endsWith('content') || path.endsWith('settings') || path === 'introduction' ? 3 : 1}
          value={toDisplay(text, fields)}
          error={templateIssueText(issues.get(`story.${path}`))}
          onFocus={(e) => remember(path, e.currentTarget)}
          onSelect={(e) => remember(path, e.currentTarget)}
          onChange={(e) => {
            onText(path, fromDisplay(e.target.value, fields));
            remember(path, e.target);
          }}
        />
      ))}
    </Card>
  );
}
