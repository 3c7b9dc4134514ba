import { useCallback, useEffect, useState, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import { COMMUNITY_LIMITS, type FollowList } from 'shared-kit';
import { Avatar, Button, EmptyState, Spinner } from 'ui-kit';
import { NotFound } from '../components/NotFound';
import { usePlayerPath } from '../components/paths';
import '../components/community/community.css';
import { usePlayerT } from '../i18n';
import { errorText } from '../lib/errors';
import { pictureSrc } from '../lib/media';
import * as community from '../services/community.service';
import type { FollowListType } from '../services/community.service';
import { USER_ID } from './AuthorPage';

type Person = FollowList['list'][number];

interface ListState {
  items: Person[];
  cursor: string;
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
}

function PersonRow({ person }: { person: Person }): JSX.Element {
  const { t } = usePlayerT();
  const to = usePlayerPath(`user/${person.uid}`);
  const name = person.nickname || t('common.unknownCreator');
  return (
    <li className="player-people__item">
      <Link to={to}>
        <Avatar name={name} src={pictureSrc(person.avatar)} size="sm" decorative />
        <span>
          {name}
          {person.username ? <span className="player-people__handle">{t('author.handle', { id: person.username })}</span> : null}
        </span>
      </Link>
    </li>
  );
}

/** A creator's followers, or the people they follow: newest first, paged. */
export function PeoplePage({ type }: { type: FollowListType }): JSX.Element {
  const { t } = usePlayerT();
  const { uid = '' } = useParams();
  const valid = USER_ID.test(uid);
  const authorPath = usePlayerPath(`user/${uid}`);
  const [name, setName] = useState('');
  const [list, setList] = useState<ListState>({ items: [], cursor: '', hasMore: false, status: 'loading', error: null });

  const load = useCallback(
    async (cursor: string) => {
      setList((l) => ({ ...l, status: 'loading', error: null }));
      try {
        const page = await community.followList(uid, type, cursor, COMMUNITY_LIMITS.pageDefault);
        setList((l) => {
          const base = cursor ? l.items : [];
          const seen = new Set(base.map((p) => p.uid));
          return { items: [...base, ...page.list.filter((p) => !seen.has(p.uid))], cursor: page.cursor, hasMore: page.has_more, status: 'ready', error: null };
        });
      } catch (error) {
        setList((l) => ({ ...l, status: 'error', error: errorText(error) }));
      }
    },
    [uid, type],
  );

  useEffect(() => {
    if (!valid) return;
    void load('');
    community.authorDetail(uid).then(
      (a) => setName(a.nickname),
      () => setName(''),
    );
  }, [valid, uid, load]);

  if (!valid) return <NotFound />;
  const shown = name || t('common.unknownCreator');
  return (
    <div className="player-page">
      <Link to={authorPath} className="player-back">
        {t('author.backToCreator', { name: shown })}
      </Link>
      <h1 className="player-title">{t(type === 'followers' ? 'author.listTitleFollowers' : 'author.listTitleFollowing', { name: shown })}</h1>
      {list.items.length === 0 && list.status === 'loading' ? (
        <p className="player-status" role="status">
          <Spinner size="sm" decorative /> {t('author.listLoading')}
        </p>
      ) : list.items.length === 0 && list.status === 'error' ? (
        <div className="player-status">
          <p role="alert">{list.error}</p>
          <Button onClick={() => void load('')}>{t('common.tryAgain')}</Button>
        </div>
      ) : list.items.length === 0 ? (
        <EmptyState title={t(type === 'followers' ? 'author.listEmptyFollowers' : 'author.listEmptyFollowing')} />
      ) : (
        <>
          <ul className="player-people">
            {list.items.map((p) => (
              <PersonRow key={p.uid} person={p} />
            ))}
          </ul>
          {list.status === 'error' ? <p role="alert">{list.error}</p> : null}
          {list.hasMore ? (
            <Button loading={list.status === 'loading'} onClick={() => void load(list.cursor)}>
              {t('common.loadMore')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
