import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { TEMPLATE_CATEGORIES, TEMPLATE_LIMITS } from 'shared-kit';
import { Badge, Button, Card, EmptyState, Skeleton, TextField, formatCount } from 'ui-kit';
import { useEditorT } from '../i18n';
import { errorText } from '../lib/errors';
import * as templateService from '../services/template.service';

type CardData = templateService.TemplateList['templates'][number];
type Loaded = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; templates: CardData[] };

/** Loads a template list whenever its query changes; the newest query wins. */
function useTemplateList(query: { search: string; category: string; scope: 'published' | 'mine' }, enabled = true) {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    setState({ status: 'loading' });
    const timer = setTimeout(() => {
      templateService
        .listTemplates({
          search: query.search.trim() || undefined,
          category: query.category || undefined,
          scope: query.scope,
          count: 50,
        })
        .then((r) => live && setState({ status: 'ready', templates: r.templates }))
        .catch((e: unknown) => live && setState({ status: 'error', error: errorText(e) }));
    }, query.search ? 250 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query.search, query.category, query.scope, enabled, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function TemplateCardItem({ card, to, showStatus }: { card: CardData; to: string; showStatus?: boolean }): JSX.Element {
  const { t } = useEditorT();
  return (
    <Card as="li" className="tmpl-card">
      {card.cover ? <img className="tmpl-card__cover" src={card.cover} alt="" /> : <div className="tmpl-card__cover" aria-hidden="true" />}
      <div className="tmpl-card__body">
        <h3 className="tmpl-card__title">
          <span aria-hidden="true">{card.emoji}</span>{' '}
          <Link to={to} className="tmpl-card__link">
            {card.name || t('template.untitled')}
          </Link>
        </h3>
        <p className="tmpl-card__text">{card.description}</p>
        <div className="ui-row">
          <Badge>{t(`template.categories.${card.category}`)}</Badge>
          {showStatus ? <Badge>{t(`template.status.${card.status}`)}</Badge> : null}
          <span className="ui-field__hint">{t('gallery.storiesMade', { count: card.stories_made, n: formatCount(card.stories_made) })}</span>
        </div>
      </div>
    </Card>
  );
}

/** The gallery (`/editor/gallery`): published templates to start a story from, with search and categories. */
export function GalleryPage(): JSX.Element {
  const { t } = useEditorT();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const { state, retry } = useTemplateList({ search, category, scope: 'published' });
  const [canMake, setCanMake] = useState(false);
  useEffect(() => {
    templateService
      .whiteList()
      .then((w) => setCanMake(w.can_publish))
      .catch(() => setCanMake(false));
  }, []);
  const mine = useTemplateList({ search: '', category: '', scope: 'mine' }, canMake);

  return (
    <div className="editor-page">
      <header className="editor-page__head">
        <div>
          <Link to="../works" className="editor-back">
            {t('common.backToMyStory')}
          </Link>
          <h1 className="ui-heading-1">{t('gallery.title')}</h1>
        </div>
        {canMake ? (
          <Link to="../template/new" className="ui-button ui-button--primary ui-button--md">
            {t('gallery.createTemplate')}
          </Link>
        ) : null}
      </header>
      <p>{t('gallery.intro')}</p>
      <div className="editor-grid tmpl-filters">
        <TextField
          type="search"
          label={t('gallery.search')}
          value={search}
          maxLength={TEMPLATE_LIMITS.search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="ui-row editor-filters" role="group" aria-label={t('gallery.categoryLabel')}>
        {['', ...TEMPLATE_CATEGORIES].map((c) => (
          <Button key={c || 'all'} size="sm" variant={category === c ? 'primary' : 'secondary'} aria-pressed={category === c} onClick={() => setCategory(c)}>
            {c ? t(`template.categories.${c}`) : t('gallery.allCategories')}
          </Button>
        ))}
      </div>
      <section aria-label={t('gallery.listLabel')}>
        {state.status === 'loading' ? (
          <div role="status" aria-label={t('common.loading')} className="tmpl-cards">
            <Skeleton shape="block" height={220} />
            <Skeleton shape="block" height={220} />
            <Skeleton shape="block" height={220} />
          </div>
        ) : null}
        {state.status === 'error' ? (
          <Card className="editor-notice" role="alert">
            <p>{t('gallery.loadFailed', { error: state.error })}</p>
            <div>
              <Button onClick={retry}>{t('common.tryAgain')}</Button>
            </div>
          </Card>
        ) : null}
        {state.status === 'ready' && state.templates.length === 0 ? (
          <EmptyState title={search || category ? t('gallery.emptyFiltered') : t('gallery.empty')} />
        ) : null}
        {state.status === 'ready' && state.templates.length > 0 ? (
          <ul className="tmpl-cards">
            {state.templates.map((c) => (
              <TemplateCardItem key={c.template_id} card={c} to={`../gallery/${c.template_id}`} />
            ))}
          </ul>
        ) : null}
      </section>
      {canMake ? (
        <section aria-labelledby="gallery-mine" className="tmpl-mine">
          <h2 id="gallery-mine" className="ui-heading-2">
            {t('gallery.mine')}
          </h2>
          {mine.state.status === 'ready' && mine.state.templates.length === 0 ? <p className="ui-field__hint">{t('gallery.mineEmpty')}</p> : null}
          {mine.state.status === 'ready' && mine.state.templates.length > 0 ? (
            <ul className="tmpl-cards">
              {mine.state.templates.map((c) => (
                <TemplateCardItem key={c.template_id} card={c} to={`../template/${c.template_id}`} showStatus />
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
