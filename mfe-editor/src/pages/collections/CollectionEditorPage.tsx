import { useCallback, useEffect, useMemo, useState, type FormEvent, type JSX } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorCode, isApiError, type CollectionCreation } from 'shared-kit';
import { COLLECTION_LIMITS } from 'shared-kit/areas';
import { Button, ConfirmDialog, Skeleton, TextArea, TextField } from 'ui-kit';
import { useEditorT } from '../../i18n';
import { errorText } from '../../lib/errors';
import {
  deleteCollection,
  getCollection,
  saveCollection,
  type CollectionDetail,
} from '../../services/collection.service';
import { RetryAlert } from '../voices/parts';
import { ChosenList } from './ChosenList';
import { CreationPicker } from './CreationPicker';
import { StatusBadge } from './StatusBadge';
import './collections.css';

type Errors = Partial<Record<'name' | 'description' | 'creations' | 'form', string>>;

/** The field a refusal names (`name: must not be empty`, `creations.2: ...`, `data.field`). */
function fieldOf(error: unknown): keyof Errors {
  if (!isApiError(error)) return 'form';
  const named = (error.data as { field?: string } | undefined)?.field ?? error.message.split(':')[0] ?? '';
  if (named === 'name' || named === 'description') return named;
  return named.startsWith('creations') ? 'creations' : 'form';
}

/** Creates (`/editor/collection/new`) or edits (`/editor/collection/:id`) a collection, showing its review status. */
export function CollectionEditorPage(): JSX.Element {
  const { t } = useEditorT();
  const { id } = useParams();
  const navigate = useNavigate();
  const existing = id && id !== 'new' ? id : null;
  const [loaded, setLoaded] = useState<
    | { status: 'loading' }
    | { status: 'error'; error: string }
    | { status: 'ready'; data: CollectionDetail | null }
  >(existing ? { status: 'loading' } : { status: 'ready', data: null });
  const [attempt, setAttempt] = useState(0);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<CollectionCreation[]>([]);
  const [limit, setLimit] = useState<number>(COLLECTION_LIMITS.selectionDefault);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);

  const fill = (data: CollectionDetail) => {
    setName(data.name);
    setDescription(data.description);
    setChosen(data.creations);
    setLoaded({ status: 'ready', data });
  };
  useEffect(() => {
    if (!existing) return;
    let live = true;
    setLoaded({ status: 'loading' });
    getCollection(existing)
      .then((data) => live && fill(data))
      .catch((e: unknown) => live && setLoaded({ status: 'error', error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [existing, attempt]);
  const onLimits = useCallback((selection: number) => setLimit(selection), []);
  const chosenIds = useMemo(() => new Set(chosen.map((c) => c.story_id)), [chosen]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = t('collections.required');
    if (!description.trim()) next.description = t('collections.required');
    if (chosen.length === 0) next.creations = t('collections.needOne');
    else if (chosen.length > limit) next.creations = t('collections.tooMany', { limit });
    setErrors(next);
    setNotice('');
    if (Object.keys(next).length > 0) return;
    setSaving(true);
    try {
      const saved = await saveCollection(existing, {
        name: name.trim(),
        description: description.trim(),
        creations: chosen.map((c) => c.story_id),
      });
      fill(saved);
      setNotice(t('collections.saved'));
      if (!existing) void navigate(`../collection/${saved.collection_id}`, { replace: true });
    } catch (err) {
      const field = fieldOf(err);
      const text =
        isApiError(err) && err.code === ErrorCode.StoryCollectionOverLimit && field === 'form'
          ? t('collections.limitReached')
          : errorText(err);
      setErrors({ [field]: text });
    } finally {
      setSaving(false);
    }
  };

  if (loaded.status === 'loading')
    return (
      <div className="editor-page">
        <Skeleton height={200} />
      </div>
    );
  if (loaded.status === 'error')
    return (
      <div className="editor-page">
        <RetryAlert error={loaded.error} onRetry={() => setAttempt((n) => n + 1)} />
      </div>
    );
  const data = loaded.data;
  const full = chosen.length >= limit;
  return (
    <div className="editor-page collections-editor">
      <header className="editor-page__head">
        <div>
          <Link to="../collections" className="editor-back">
            {t('collections.back')}
          </Link>
          <h1>{data ? t('collections.editTitle') : t('collections.newTitle')}</h1>
        </div>
        {data ? <StatusBadge display={data.display_status} /> : null}
      </header>
      {data && data.review_reasons.length > 0 ? (
        <div className="collections-reasons" role="status">
          <strong>{t('collections.reasons')}</strong>
          <ul>
            {data.review_reasons.map((r) => (
              <li
                key={r.field}
              >{`${t(`collections.${r.field === 'name' || r.field === 'description' ? r.field : 'chosen'}`)}: ${r.reason}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {data && data.unavailable.length > 0 ? (
        <p className="ui-text-muted">{t('collections.unavailable', { count: data.unavailable.length })}</p>
      ) : null}
      <form className="collections-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('collections.name')}
          value={name}
          limit={COLLECTION_LIMITS.name}
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          data-testid="collection-name"
        />
        <TextArea
          label={t('collections.description')}
          value={description}
          limit={COLLECTION_LIMITS.description}
          error={errors.description}
          rows={3}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((x) => ({ ...x, description: undefined }));
          }}
          data-testid="collection-description"
        />
        <section aria-labelledby="collections-chosen" className="collections-section">
          <h2 id="collections-chosen">{t('collections.chosen')}</h2>
          <p className="ui-field__hint">
            {t('collections.selectedHint', {
              selected: t('collections.selected', { count: chosen.length, limit }),
              hint: t('collections.chosenHint'),
            })}
          </p>
          {chosen.length === 0 ? (
            <p className="ui-text-muted">{t('collections.chosenEmpty')}</p>
          ) : (
            <ChosenList items={chosen} onChange={setChosen} />
          )}
          {errors.creations ? (
            <p className="ui-field__error" role="alert" data-testid="collection-creations-error">
              {errors.creations}
            </p>
          ) : null}
        </section>
        {errors.form ? (
          <p className="ui-field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="collections-notice">
            {notice}
          </p>
        ) : null}
        <div className="ui-row">
          <Button type="submit" variant="primary" loading={saving} data-testid="collection-save">
            {saving ? t('collections.saving') : t('collections.save')}
          </Button>
          {data && data.display_status === 'published' ? (
            <a
              href={`/play/collection/${data.collection_id}`}
              className="ui-button ui-button--secondary ui-button--md"
            >
              {t('collections.view')}
            </a>
          ) : null}
          {data ? (
            <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
              {t('collections.delete')}
            </Button>
          ) : null}
        </div>
      </form>
      <CreationPicker
        chosen={chosenIds}
        full={full}
        onAdd={(c) => {
          setChosen((list) => [...list, c]);
          setErrors((x) => ({ ...x, creations: undefined }));
        }}
        onLimits={onLimits}
      />
      {confirmDelete && data ? (
        <ConfirmDialog
          open
          title={t('collections.delete')}
          danger
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => {
            setConfirmDelete(false);
            void deleteCollection(data.collection_id)
              .then(() => navigate('../collections'))
              .catch((e: unknown) => setErrors({ form: errorText(e) }));
          }}
          onCancel={() => setConfirmDelete(false)}
        >
          {t('collections.deleteConfirm')}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
