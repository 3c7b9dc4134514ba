import { useEffect, useState, type JSX } from 'react';
import { Card } from 'ui-kit';
import { useEditorT } from '../i18n';
import * as templateService from '../services/template.service';

/** For the template's author: the stories creators made from it (`template/creator_story_list`). */
export function TemplateStoriesMade({ templateId, status }: { templateId: string; status: string }): JSX.Element | null {
  const { t } = useEditorT();
  const [list, setList] = useState<templateService.CreatorStoryList | null>(null);
  useEffect(() => {
    let live = true;
    templateService
      .creatorStoryList(templateId)
      .then((l) => live && setList(l))
      .catch(() => live && setList(null));
    return () => {
      live = false;
    };
  }, [templateId, status]);
  if (!list) return null;
  return (
    <Card as="section" className="editor-section" aria-labelledby="tmpl-made">
      <h2 id="tmpl-made" className="ui-heading-2">
        {t('template.made.title', { count: list.total, n: list.total })}
      </h2>
      {list.stories.length === 0 ? (
        <p className="ui-field__hint">{t('template.made.empty')}</p>
      ) : (
        <ul className="tmpl-made">
          {list.stories.map((s) => (
            <li key={s.story_id}>{s.story_name || t('common.untitledStory')}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
