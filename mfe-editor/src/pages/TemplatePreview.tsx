import type { JSX } from 'react';
import { renderMentions, type MentionNames, type StoryContent } from 'shared-kit';
import { Card } from 'ui-kit';
import { useEditorT } from '../i18n';

/** The story a template makes, as a reader sees it: mentions by display name. */
export function TemplatePreview({ story, headingId, title }: { story: StoryContent; headingId: string; title: string }): JSX.Element {
  const { t } = useEditorT();
  const names: MentionNames = {
    player: story.player.character_name || t('template.preview.player'),
    allCharacters: t('template.preview.everyone'),
    characters: Object.fromEntries(story.characters.map((c) => [c.character_id, c.character_name])),
  };
  const show = (text: string) => renderMentions(text, names);
  return (
    <Card as="section" className="editor-section tmpl-preview" aria-labelledby={headingId}>
      <h2 id={headingId} className="ui-heading-2">
        {title}
      </h2>
      {story.logo ? <img className="tmpl-preview__cover" src={story.logo} alt={t('template.preview.coverAlt')} /> : null}
      <h3 className="tmpl-preview__name">{show(story.story_name) || t('common.untitledStory')}</h3>
      {story.introduction ? <p>{show(story.introduction)}</p> : null}
      {story.characters.length > 0 ? (
        <ul className="tmpl-preview__cast">
          {story.characters.map((c) => (
            <li key={c.character_id}>
              <strong>{c.character_name}</strong>: {show(c.settings)}
            </li>
          ))}
        </ul>
      ) : null}
      {story.prologue.content ? <blockquote>{show(story.prologue.content)}</blockquote> : null}
      <ol className="tmpl-preview__chapters">
        {story.nodes.map((n) => (
          <li key={n.node_id}>
            <strong>{n.name}</strong> {show(n.content)}
            {n.ending_content ? <em> {t('template.preview.goal', { goal: show(n.ending_content) })}</em> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
