import { useEffect, useMemo, useState, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ErrorCode,
  exampleValues,
  fillTemplate,
  isApiError,
  TemplateTargetKind,
  type TemplateIssue,
  type TemplateValues,
} from 'shared-kit';
import { Badge, Button, Card, Select, Spinner, TextArea, TextField } from 'ui-kit';
import type { MediaUse } from '../api/types';
import { ImagePicker } from '../components/ImagePicker';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import * as templateService from '../services/template.service';
import { useMediaOptionsStore } from '../stores/mediaOptions/store';
import { TemplatePreview } from './TemplatePreview';
import { forgetValues, formControls, formIssues, keepValues, restoredValues, valuesToSend } from './templateForm';
import { templateIssueText } from './templateIssues';

type Loaded = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; template: templateService.TemplateDetail };

function useTemplate(id: string | undefined): { state: Loaded; retry: () => void } {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    setState({ status: 'loading' });
    templateService
      .getTemplate(id)
      .then((template) => live && setState({ status: 'ready', template }))
      .catch((e: unknown) => live && setState({ status: 'error', error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [id, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

const USE_OF: Record<string, MediaUse> = {
  [TemplateTargetKind.Cover]: 'cover',
  [TemplateTargetKind.Character]: 'character',
  [TemplateTargetKind.Chapter]: 'background',
};

/** The form generated from a template's fields; it makes the story and opens it in the story editor. */
function UseForm({ template }: { template: templateService.TemplateDetail }): JSX.Element {
  const { t } = useEditorT();
  const navigate = useNavigate();
  const controls = useMemo(() => formControls(template.fields), [template.fields]);
  const [values, setValues] = useState<TemplateValues>(() => restoredValues(template.template_id, template.fields));
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [server, setServer] = useState<Record<string, TemplateIssue>>({});
  const bgms = useMediaOptionsStore((s) => s.bgms);
  useEffect(() => {
    void useMediaOptionsStore.getState().ensure();
  }, []);
  const issues = checked ? { ...server, ...formIssues(template.fields, values) } : {};
  const set = (id: string, v: string) => {
    setValues((old) => {
      const next = { ...old, [id]: v };
      keepValues(template.template_id, next);
      return next;
    });
    setServer((old) => {
      const { [id]: _gone, ...rest } = old;
      return rest;
    });
  };

  async function submit(): Promise<void> {
    setChecked(true);
    setProblem(null);
    if (Object.keys(formIssues(template.fields, values)).length > 0) return;
    setBusy(true);
    try {
      const made = await templateService.createFromTemplate(template.template_id, valuesToSend(template.fields, values));
      forgetValues(template.template_id);
      navigate(`../story/${made.story_id}`);
    } catch (e) {
      setBusy(false);
      const sent = isApiError(e) && e.code === ErrorCode.ClientParamError ? (e.data as { errors?: TemplateIssue[] })?.errors : undefined;
      if (sent && sent.length > 0) {
        setServer(Object.fromEntries(sent.map((i) => [i.path.replace(/^values\./, ''), i])));
      } else {
        setProblem(errorText(e));
      }
    }
  }

  return (
    <Card as="section" className="editor-section" aria-labelledby="tmpl-use">
      <h2 id="tmpl-use" className="ui-heading-2">
        {t('gallery.use.title')}
      </h2>
      <form
        className="editor-column"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {controls.map((c) => {
          const label = c.optional ? t('gallery.use.optional', { label: c.label }) : c.label;
          const error = templateIssueText(issues[c.field_id]);
          const value = values[c.field_id] ?? '';
          if (c.kind === 'short' || c.kind === 'long') {
            const Box = c.kind === 'long' ? TextArea : TextField;
            return (
              <Box
                key={c.field_id}
                label={label}
                value={value}
                placeholder={c.placeholder}
                limit={c.max ?? undefined}
                error={error}
                required={!c.optional}
                onChange={(e: { target: { value: string } }) => set(c.field_id, e.target.value)}
              />
            );
          }
          if (c.kind === 'image') {
            const field = template.fields.find((f) => f.field_id === c.field_id);
            return (
              <div key={c.field_id}>
                <ImagePicker
                  fkey={`template-value-${c.field_id}`}
                  label={label}
                  use={USE_OF[field?.target?.kind ?? ''] ?? 'cover'}
                  value={value}
                  onChange={(url) => set(c.field_id, url)}
                />
                {error ? (
                  <p className="ui-field__error" role="alert">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          }
          return (
            <Select
              key={c.field_id}
              label={label}
              value={value || undefined}
              placeholder={t('gallery.use.chooseMusic')}
              options={bgms.map((b) => ({ value: b.vid, label: b.name }))}
              error={error}
              onValueChange={(v) => set(c.field_id, v)}
            />
          );
        })}
        {problem ? (
          <p className="ui-field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="ui-row">
          <Button type="submit" disabled={busy}>
            {busy ? t('gallery.use.creating') : t('gallery.use.create')}
          </Button>
          <Link to={`../gallery/${template.template_id}`} className="ui-button ui-button--ghost ui-button--md" onClick={() => forgetValues(template.template_id)}>
            {t('common.cancel')}
          </Link>
        </div>
      </form>
    </Card>
  );
}

/** One template of the gallery (`/editor/gallery/:id`): its fields and an example story; `/use` fills it in. */
export function GalleryTemplatePage({ mode }: { mode: 'detail' | 'use' }): JSX.Element {
  const { t } = useEditorT();
  const { id } = useParams();
  const { state, retry } = useTemplate(id);
  const template = state.status === 'ready' ? state.template : null;
  const example = useMemo(() => (template ? fillTemplate(template, exampleValues(template.fields)) : null), [template]);

  return (
    <div className="editor-page">
      <header className="editor-page__head">
        <div>
          <Link to="../gallery" className="editor-back">
            {t('gallery.back')}
          </Link>
          <h1 className="ui-heading-1">
            {template ? (
              <>
                <span aria-hidden="true">{template.emoji}</span> {template.name}
              </>
            ) : (
              t('gallery.title')
            )}
          </h1>
        </div>
        {template && mode === 'detail' ? (
          <Link to={`../gallery/${template.template_id}/use`} className="ui-button ui-button--primary ui-button--md">
            {t('gallery.useTemplate')}
          </Link>
        ) : null}
      </header>
      {state.status === 'loading' ? <Spinner label={t('common.loading')} /> : null}
      {state.status === 'error' ? (
        <Card className="editor-notice" role="alert">
          <p>{t('gallery.openFailed', { error: state.error })}</p>
          <div>
            <Button onClick={retry}>{t('common.tryAgain')}</Button>
          </div>
        </Card>
      ) : null}
      {template && example ? (
        <div className="editor-body tmpl-layout">
          {mode === 'use' ? (
            <UseForm template={template} />
          ) : (
            <Card as="section" className="editor-section" aria-labelledby="tmpl-about-one">
              <h2 id="tmpl-about-one" className="ui-heading-2">
                {t('gallery.fieldsTitle')}
              </h2>
              <p>{template.description}</p>
              <p className="ui-field__hint">
                {t('gallery.bylineMade', { name: template.author_name, count: template.stories_made, n: template.stories_made })}
              </p>
              {template.images.length > 0 ? (
                <ul className="tmpl-images">
                  {template.images.map((src, i) => (
                    <li key={src}>
                      <img src={src} alt={t('gallery.picture', { n: i + 1 })} />
                    </li>
                  ))}
                </ul>
              ) : null}
              <ul className="tmpl-field-list">
                {template.fields.map((f) => (
                  <li key={f.field_id}>
                    <strong>{f.name}</strong> <Badge>{t(`template.fields.type.${f.type}`)}</Badge>{' '}
                    {f.is_optional ? <Badge>{t('gallery.optionalBadge')}</Badge> : null}
                    {f.placeholder ? <span className="ui-field__hint"> {f.placeholder}</span> : null}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <TemplatePreview story={example} headingId="tmpl-example" title={t('gallery.example')} />
        </div>
      ) : null}
    </div>
  );
}
