import { useEffect, useState, type JSX } from 'react';
import { TEMPLATE_LIMITS } from 'shared-kit';
import { Button, Card, Spinner } from 'ui-kit';
import { ImagePicker } from '../components/ImagePicker';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import * as templateService from '../services/template.service';

type Load =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; images: string[] };

/**
 * A saved template's extra pictures (`template/get_images`, `update_images`): shown on its page in the gallery, at
 * most six. Each change is saved at once, apart from the template's own saves.
 */
export function TemplatePictures({ templateId }: { templateId: string }): JSX.Element {
  const { t } = useEditorT();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function fetchImages(): () => void {
    let live = true;
    setLoad({ status: 'loading' });
    templateService.getImages(templateId).then(
      (r) => live && setLoad({ status: 'ready', images: r.images }),
      (e: unknown) => live && setLoad({ status: 'error', error: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }
  useEffect(fetchImages, [templateId]);

  async function save(images: string[]): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      const r = await templateService.updateImages(templateId, images);
      setLoad({ status: 'ready', images: r.images });
    } catch (e) {
      setProblem(t('template.pictures.saveFailed', { error: errorText(e) }));
    } finally {
      setBusy(false);
    }
  }

  const images = load.status === 'ready' ? load.images : [];
  return (
    <Card
      as="section"
      className="editor-section"
      aria-labelledby="tmpl-pictures"
      aria-busy={busy || undefined}
    >
      <h2 id="tmpl-pictures" className="ui-heading-2">
        {t('template.pictures.title')}
      </h2>
      <p className="ui-field__hint">{t('template.pictures.hint', { max: TEMPLATE_LIMITS.images })}</p>
      {load.status === 'loading' ? <Spinner label={t('template.pictures.loading')} /> : null}
      {load.status === 'error' ? (
        <div role="alert">
          <p>{t('template.pictures.loadFailed', { error: load.error })}</p>
          <Button variant="secondary" size="sm" onClick={fetchImages}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : null}
      {load.status === 'ready' && images.length === 0 ? <p>{t('template.pictures.empty')}</p> : null}
      {images.length > 0 ? (
        <ul className="tmpl-images">
          {images.map((src, i) => (
            <li key={src}>
              <img src={src} alt={t('template.pictures.alt', { n: i + 1 })} />
              <Button
                variant="ghost"
                size="sm"
                className="editor-danger-text"
                disabled={busy}
                aria-label={t('template.pictures.removeLabel', { n: i + 1 })}
                onClick={() => void save(images.filter((x) => x !== src))}
              >
                {t('template.pictures.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {load.status === 'ready' && images.length < TEMPLATE_LIMITS.images ? (
        <ImagePicker
          fkey="template-pictures"
          label={t('template.pictures.add')}
          use="cover"
          value=""
          onChange={(url) => {
            if (url && !images.includes(url)) void save([...images, url]);
          }}
        />
      ) : null}
      {load.status === 'ready' && images.length >= TEMPLATE_LIMITS.images ? (
        <p className="ui-field__hint">{t('template.pictures.full', { max: TEMPLATE_LIMITS.images })}</p>
      ) : null}
      {problem ? (
        <p className="ui-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </Card>
  );
}
