import { useEffect, useMemo, type JSX } from 'react';
import {
  exampleValues,
  fillTemplate,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  TemplateBox,
  TemplateFieldType,
  TemplateStatus,
  type TemplateField,
} from 'shared-kit';
import { Badge, Button, Card, Select, Switch, TextArea, TextField } from 'ui-kit';
import { ImagePicker } from '../components/ImagePicker';
import { useEditorT } from '../i18n';
import { currentIssues, resetTemplateStore, useTemplateStore } from '../stores/template/store';
import { EditorPageFrame } from './frame/EditorPageFrame';
import { useEditorFrame } from './frame/useEditorFrame';
import { TemplateFieldCard } from './TemplateFieldCard';
import { TemplatePictures } from './TemplatePictures';
import { TemplatePreview } from './TemplatePreview';
import { TemplateStoriesMade } from './TemplateStoriesMade';
import { TemplateSkeleton } from './TemplateSkeleton';
import { issuesByPath, templateIssueText } from './templateIssues';

/** How long a draft waits after the last edit before it saves itself. */
export const TEMPLATE_AUTOSAVE_MS = 1200;

let fieldSeq = 0;
function newField(type: TemplateField['type']): TemplateField {
  fieldSeq += 1;
  return {
    field_id: `f${Date.now().toString(36)}${fieldSeq}`,
    name: '',
    type,
    box: TemplateBox.Short,
    placeholder: '',
    max_length: type === TemplateFieldType.Text ? 30 : 0,
    is_optional: type !== TemplateFieldType.Text,
    default_value: '',
    target: null,
  };
}

/** Saves a draft a moment after the last edit; the first save of a new template moves the URL to its id. */
function useDraftAutosave(onCreated: (id: string) => void): void {
  const edits = useTemplateStore((s) => s.edits);
  const status = useTemplateStore((s) => s.status);
  const saving = useTemplateStore((s) => s.saving);
  const ready = useTemplateStore((s) => s.load.status === 'ready');
  useEffect(() => {
    if (!ready || edits === 0 || saving || status !== TemplateStatus.Draft) return undefined;
    const timer = setTimeout(() => {
      const wasNew = useTemplateStore.getState().templateId === null;
      void useTemplateStore
        .getState()
        .save(TemplateStatus.Draft)
        .then((id) => {
          if (id && wasNew) onCreated(id);
        });
    }, TEMPLATE_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [edits, status, saving, ready, onCreated]);
}

/** While edits are unsaved (a live template's, or a draft's before its save), leaving the page asks first. */
function useUnloadWarning(): void {
  const unsaved = useTemplateStore((s) => s.edits > 0);
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

/** The template editor (`/editor/template/:id?`): the template's card, its fields, the story skeleton and a live preview. */
export function TemplateEditorPage(): JSX.Element {
  const { t } = useEditorT();
  const { id, isNew, onCreated, saveThenNavigate } = useEditorFrame({
    route: 'template',
    isDirty: () => useTemplateStore.getState().edits > 0,
    discard: () => resetTemplateStore(),
  });
  const s = useTemplateStore();
  const { content, load } = s;

  useEffect(() => {
    const st = useTemplateStore.getState();
    if (isNew) void st.startNew();
    else if (st.templateId !== id || st.load.status !== 'ready') void st.loadTemplate(id as string);
  }, [id, isNew]);

  useDraftAutosave(onCreated);
  useUnloadWarning();

  // Until the template (or the example it starts from) is in, there is nothing to check.
  const issueList = useMemo(() => (load.status === 'ready' ? currentIssues(s) : []), [s, load.status]);
  const issues = useMemo(() => issuesByPath(issueList), [issueList]);
  const preview = useMemo(
    () => (load.status === 'ready' ? fillTemplate(content, exampleValues(content.fields)) : null),
    [content, load.status],
  );
  const err = (path: string) => templateIssueText(issues.get(path));
  const fieldsError = err('fields');

  const saveAs = (status: TemplateStatus) =>
    saveThenNavigate(async () => {
      const wasNew = s.templateId === null;
      const savedId = await s.save(status);
      return wasNew ? savedId : null;
    });

  const saveState = s.saving
    ? t('template.editor.saving')
    : s.saveError
      ? t('template.editor.saveFailed', { error: s.saveError })
      : s.edits > 0
        ? t('template.editor.unsaved')
        : s.templateId
          ? t('template.editor.saved')
          : '';

  return (
    <EditorPageFrame
      back={{ to: '../gallery', label: t('template.editor.back') }}
      title={
        <>
          {t('template.editor.title')} <Badge>{t(`template.status.${s.status}`)}</Badge>
        </>
      }
      actions={
        <div className="ui-row">
          <span className="ui-field__hint" role="status">
            {saveState}
          </span>
          {s.status !== TemplateStatus.Draft ? (
            <Button variant="secondary" disabled={s.saving} onClick={() => void saveAs(s.status)}>
              {t('template.editor.save')}
            </Button>
          ) : null}
          {s.status === TemplateStatus.Published ? (
            <Button variant="secondary" disabled={s.saving} onClick={() => void saveAs(TemplateStatus.Offline)}>
              {t('template.editor.takeOffline')}
            </Button>
          ) : (
            <Button disabled={s.saving || load.status !== 'ready'} onClick={() => void saveAs(TemplateStatus.Published)}>
              {t('template.editor.publish')}
            </Button>
          )}
        </div>
      }
      notices={
        s.stale ? (
          <Card className="editor-notice" role="alert">
            <p>{t('template.editor.stale')}</p>
          </Card>
        ) : null
      }
      load={load}
      loadingLabel={t('template.editor.loading')}
      loadFailed={t('template.editor.loadFailed', { error: load.error })}
      rev={s.rev}
      bodyClassName="tmpl-layout"
    >
      <div className="editor-column">
        <Card as="section" className="editor-section" aria-labelledby="tmpl-about">
          <h2 id="tmpl-about" className="ui-heading-2">
            {t('template.about.title')}
          </h2>
          <div className="editor-grid">
            <TextField
              label={t('template.about.name')}
              value={content.name}
              limit={TEMPLATE_LIMITS.name}
              error={err('name')}
              onChange={(e) => s.edit((c) => void (c.name = e.target.value))}
            />
            <TextField
              label={t('template.about.emoji')}
              value={content.emoji}
              limit={TEMPLATE_LIMITS.emoji}
              error={err('emoji')}
              onChange={(e) => s.edit((c) => void (c.emoji = e.target.value))}
            />
            <Select
              label={t('template.about.category')}
              value={content.category}
              options={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`template.categories.${c}`) }))}
              onValueChange={(v) => s.edit((c) => void (c.category = v as typeof c.category))}
            />
          </div>
          <TextArea
            label={t('template.about.description')}
            value={content.description}
            limit={TEMPLATE_LIMITS.description}
            error={err('description')}
            rows={3}
            onChange={(e) => s.edit((c) => void (c.description = e.target.value))}
          />
          <ImagePicker
            fkey="template-cover"
            label={t('template.about.cover')}
            use="cover"
            value={content.cover}
            onChange={(url) => s.edit((c) => void (c.cover = url))}
          />
          <div className="ui-row">
            <Switch
              label={t('template.about.allowChapters')}
              checked={content.allow_add_chapters}
              onCheckedChange={(v) => s.edit((c) => void (c.allow_add_chapters = v))}
            />
            <Switch
              label={t('template.about.allowRoles')}
              checked={content.allow_add_roles}
              onCheckedChange={(v) => s.edit((c) => void (c.allow_add_roles = v))}
            />
            <Switch
              label={t('template.about.appEditOnly')}
              checked={content.app_edit_only}
              onCheckedChange={(v) => s.edit((c) => void (c.app_edit_only = v))}
            />
          </div>
        </Card>
        <Card as="section" className="editor-section" aria-labelledby="tmpl-fields">
          <h2 id="tmpl-fields" className="ui-heading-2">
            {t('template.fields.title')}
          </h2>
          {content.fields.length === 0 ? <p className="ui-field__hint">{t('template.fields.empty')}</p> : null}
          {fieldsError ? (
            <p className="ui-field__error" role="alert">
              {fieldsError}
            </p>
          ) : null}
          <ul className="tmpl-fields">
            {content.fields.map((f, i) => (
              <TemplateFieldCard
                key={f.field_id}
                field={f}
                index={i}
                count={content.fields.length}
                story={content.story}
                issues={issues}
                onChange={(change) => s.edit((c) => change(c.fields[i]!))}
                onMove={(by) =>
                  s.edit((c) => {
                    const [moved] = c.fields.splice(i, 1);
                    if (moved) c.fields.splice(i + by, 0, moved);
                  })
                }
                onDelete={() => s.edit((c) => void c.fields.splice(i, 1))}
              />
            ))}
          </ul>
          <div className="ui-row">
            {[TemplateFieldType.Text, TemplateFieldType.Image, TemplateFieldType.Sound].map((type) => (
              <Button
                key={type}
                variant="secondary"
                size="sm"
                disabled={content.fields.length >= TEMPLATE_LIMITS.fields}
                onClick={() => s.edit((c) => void c.fields.push(newField(type)))}
              >
                {t(`template.fields.add.${type}`)}
              </Button>
            ))}
          </div>
        </Card>
        {s.templateId ? <TemplatePictures templateId={s.templateId} /> : null}
        <TemplateSkeleton issues={issueList} />
        {s.templateId ? <TemplateStoriesMade templateId={s.templateId} status={s.status} /> : null}
      </div>
      {preview ? <TemplatePreview story={preview} headingId="tmpl-preview" title={t('template.preview.title')} /> : null}
    </EditorPageFrame>
  );
}
