import type { JSX } from 'react';
import { Link } from 'react-router';
import { Card } from 'ui-kit';
import { usePlayerT } from '../../i18n';
import { userCollections, type CollectionCards } from '../../services/collection.service';
import { usePlayerPath } from '../paths';
import { AuthorSection } from '../shared/AuthorSection';
import './collections.css';

/** A creator's collections on their page (nothing when they have none, or across a block). */
export function AuthorCollections({ uid }: { uid: string }): JSX.Element | null {
  const { t } = usePlayerT();
  const base = usePlayerPath('collection');
  return (
    <AuthorSection uid={uid} read={userCollections} headingId="player-author-collections" heading={t('collection.onAuthor')} testId="author-collections">
      {(cards: CollectionCards['list']) => (
        <ul className="player-list">
          {cards.map((c) => (
            <Card as="li" interactive className="player-card" key={c.collection_id}>
              <div className="player-card__main">
                <div className="collection-covers" aria-hidden="true">
                  {c.covers.map((src, i) => (src ? <img key={i} src={src} alt="" /> : <span key={i} />))}
                </div>
                <div className="player-card__body">
                  <h3 className="player-card__title">
                    <Link to={`${base}/${c.collection_id}`} className="player-card__link">
                      {c.name}
                    </Link>
                  </h3>
                  <p className="player-card__intro">{c.description}</p>
                  <p className="player-card__meta">
                    {t('collection.meta', { kind: t('collection.kind'), count: c.creations_count })}
                  </p>
                </div>
              </div>
            </Card>
          ))}
        </ul>
      )}
    </AuthorSection>
  );
}
