import { lazy, Suspense, useEffect, useMemo, useState, type JSX } from 'react';
import { TemplateFieldType, type StoryIssue, type TemplateIssue } from 'shared-kit';
import { Spinner } from 'ui-kit';
import { SkeletonFieldsContext } from '../components/skeleton';
import { useEditorT } from '../i18n';
import { StorySections } from '../sections/StorySections';
import { useMediaOptionsStore } from '../stores/mediaOptions/store';
import { selectRev } from '../stores/editor/selectors';
import { useEditorStore } from '../stores/editor/store';
import { useTemplateStore } from '../stores/template/store';
import { templateIssueText } from './templateIssues';

const LorebookSection = lazy(() => import('../sections/LorebookSection'));

/** The template's text fields as the skeleton shows them (display name by id), as one string key. */
const selectTextFields = (s: ReturnType<typeof useTemplateStore.getState>): string =>
  JSON.stringify(
    s.content.fields
      .filter((f) => f.type === TemplateFieldType.Text)
      .map((f) => [f.field_id, f.name.trim() === '' ? `field_${f.field_id}` : f.name.trim()]),
  );

/** The template rules' issues on the skeleton, as the story sections show them on their fields. */
function skeletonIssues(issues: readonly TemplateIssue[]): StoryIssue[] {
  return issues
    .filter((i) => i.path.startsWith('story.'))
    .map((i) =>
      i.rule === 'story_rule'
        ? { path: i.path.slice('story.'.length), type: i.type, message: i.message, code: i.code, values: i.values }
        : { path: i.path.slice('story.'.length), type: i.type, message: templateIssueText(i) ?? i.message },
    );
}

/**
 * The template's story skeleton, edited with the story editor's own sections (characters with their voices and
 * pictures, the player, the opening line, chapters, the summary, the narrator voice, the settings and the lorebook): chapters and
 * characters come and go within the story's limits, character mentions and placed fields show as chips. Each edit
 * goes into the template's working copy, which saves it with the template.
 */
export function TemplateSkeleton({ issues }: { issues: readonly TemplateIssue[] }): JSX.Element | null {
  const { t } = useEditorT();
  const [seeded, setSeeded] = useState(false);
  const rev = useEditorStore(selectRev);
  const fieldsKey = useTemplateStore(selectTextFields);
  const fields = useMemo(() => Object.fromEntries(JSON.parse(fieldsKey) as Array<[string, string]>), [fieldsKey]);

  useEffect(() => {
    // The page remounts this when another template (or a new one) is loaded: the skeleton starts from its story.
    useEditorStore.getState().loadSkeleton(useTemplateStore.getState().content.story);
    void useMediaOptionsStore.getState().ensure();
    setSeeded(true);
    const stop = useEditorStore.subscribe((now, before) => {
      if (now.edits !== before.edits && now.content !== before.content) {
        useTemplateStore.getState().edit((c) => void (c.story = now.content));
      }
    });
    return () => {
      stop();
      useEditorStore.getState().closeSkeleton();
    };
  }, []);

  const onSkeleton = useMemo(() => skeletonIssues(issues), [issues]);
  useEffect(() => {
    if (seeded) useEditorStore.getState().setIssues(onSkeleton);
  }, [onSkeleton, seeded, rev]);

  if (!seeded) return null;
  return (
    <SkeletonFieldsContext.Provider value={fields}>
      <section className="tmpl-skeleton" aria-labelledby="tmpl-story">
        <h2 id="tmpl-story" className="ui-heading-2">
          {t('template.story.title')}
        </h2>
        <p className="ui-field__hint">
          {Object.keys(fields).length === 0 ? t('template.story.noTextFields') : t('template.story.hint')}
        </p>
        {onSkeleton.length > 0 ? (
          <p className="ui-field__error" role="alert">
            {t('template.story.problems', { count: onSkeleton.length })}
          </p>
        ) : null}
        <div key={rev} className="editor-body">
          <StorySections />
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <LorebookSection storyId={null} />
          </Suspense>
        </div>
      </section>
    </SkeletonFieldsContext.Provider>
  );
}
