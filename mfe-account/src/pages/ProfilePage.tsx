import type { JSX } from 'react';
import { Link } from 'react-router';
import { TeenMode } from 'shared-kit';
import { Avatar } from '../components/Avatar';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';
import { selectAvatarSrc, selectUser } from '../stores/profile/selectors';
import { useProfileStore } from '../stores/profile/store';

function formatCount(n: number): string {
  return new Intl.NumberFormat('en', { notation: n >= 10_000 ? 'compact' : 'standard' }).format(n);
}

/** `/account`: who you are (avatar, nickname, User ID, followers) and the way to everything else. */
export function ProfilePage(): JSX.Element | null {
  const user = useProfileStore(selectUser);
  const avatar = useProfileStore(selectAvatarSrc);
  const editPath = useAccountPath('edit');
  const settingsPath = useAccountPath('settings');
  const blockedPath = useAccountPath('blocked');
  const youthPath = useAccountPath('youth-mode');
  if (!user) return null;

  return (
    <div className="acct-page">
      <PageHeader title="Account" back={false} />
      <section className="acct-card acct-profile" aria-label="Profile">
        <Avatar src={avatar} name={user.nickname} size={88} alt={`${user.nickname}'s avatar`} />
        <div className="acct-profile__text">
          <h2 className="acct-profile__name">{user.nickname}</h2>
          <p className="acct-muted">{user.username ? `User ID: @${user.username}` : 'No User ID yet'}</p>
          <dl className="acct-stats">
            <div>
              <dt>Followers</dt>
              <dd>{formatCount(user.follower_count)}</dd>
            </div>
            <div>
              <dt>Following</dt>
              <dd>{formatCount(user.following_count)}</dd>
            </div>
          </dl>
        </div>
        <Link to={editPath} className="acct-button acct-button--primary acct-profile__edit">
          Edit profile
        </Link>
      </section>

      <nav className="acct-card" aria-label="Account pages">
        <ul className="acct-menu">
          <li>
            <Link to={settingsPath}>Settings</Link>
          </li>
          <li>
            <Link to={blockedPath}>Blocked users</Link>
          </li>
          <li>
            <Link to={youthPath}>
              Youth mode <span className="acct-muted">{user.teen_mode === TeenMode.Enable ? 'On' : 'Off'}</span>
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
