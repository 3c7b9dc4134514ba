import type { JSX } from 'react';
import { Link } from 'react-router';
import { Avatar } from 'ui-kit';
import type { StoryCard } from '../../api/types';
import { usePlayerT } from '../../i18n';
import { pictureSrc } from '../../lib/media';
import { usePlayerPath } from '../paths';

/** The story's creator, avatar and name, leading to their creator page. */
export function CreatorLink({ creator }: { creator: StoryCard['creator'] }): JSX.Element | null {
  const { t } = usePlayerT();
  const to = usePlayerPath(`user/${creator.uid}`);
  if (!creator.uid) return null;
  const name = creator.nickname || t('common.unknownCreator');
  return (
    <Link to={to} className="player-creator">
      <Avatar name={name} src={pictureSrc(creator.avatar)} size="sm" decorative />
      <span className="player-creator__name">{name}</span>
      <span className="ui-visually-hidden">{t('social.creatorSuffix')}</span>
    </Link>
  );
}
