import { useEffect, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { TeenMode } from 'shared-kit';
import { Avatar, Badge, Card, useFormat } from 'ui-kit';
import { PageHeader } from '../components/PageHeader';
import { useAccountPath } from '../components/paths';
import { useAccountT } from '../i18n';
import { fetchMembership } from '../services/membership.service';
import { selectAvatarSrc, selectUser } from '../stores/profile/selectors';
import { useProfileStore } from '../stores/profile/store';

/** `/account`: who you are (avatar, nickname, User ID, followers) and the way to everything else. */
export function ProfilePage(): JSX.Element | null {
  const user = useProfileStore(selectUser);
  const avatar = useProfileStore(selectAvatarSrc);
  const { t } = useAccountT();
  const { count } = useFormat();
  const editPath = useAccountPath('edit');
  const settingsPath = useAccountPath('settings');
  const blockedPath = useAccountPath('blocked');
  const youthPath = useAccountPath('youth-mode');
  const membershipPath = useAccountPath('membership');
  const [member, setMember] = useState(false);
  useEffect(() => {
    let live = true;
    // The badge is extra: without an answer the profile simply shows none.
    fetchMembership().then(
      (m) => live && setMember(m.is_vip),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!user) return null;

  return (
    <div className="account-page">
      <PageHeader title={t('common.account')} back={false} />
      <Card as="section" className="account-profile" aria-label={t('profile.label')}>
        <Avatar src={avatar} name={user.nickname} size="lg" />
        <div className="account-profile__text">
          <h2 className="account-profile__name">
            {user.nickname} {member ? <Badge tone="success">{t('membership.badge')}</Badge> : null}
          </h2>
          <p className="ui-text-muted">{user.username ? t('profile.userId', { username: user.username }) : t('profile.noUserId')}</p>
          <dl className="account-stats">
            <div>
              <dt>{t('profile.followers')}</dt>
              <dd>{count(user.follower_count)}</dd>
            </div>
            <div>
              <dt>{t('profile.following')}</dt>
              <dd>{count(user.following_count)}</dd>
            </div>
          </dl>
        </div>
        <Link to={editPath} className="ui-button ui-button--primary ui-button--md account-profile__edit">
          {t('profile.edit')}
        </Link>
      </Card>

      <Card>
        <nav aria-label={t('profile.pages')}>
          <ul className="account-menu">
            <li>
              <Link to={membershipPath}>{t('membership.link')}</Link>
            </li>
            <li>
              <Link to={settingsPath}>{t('settings.title')}</Link>
            </li>
            <li>
              <Link to={blockedPath}>{t('settings.blocked')}</Link>
            </li>
            <li>
              <Link to={youthPath}>
                {t('settings.youth')} <span className="ui-text-muted">{user.teen_mode === TeenMode.Enable ? t('profile.on') : t('profile.off')}</span>
              </Link>
            </li>
          </ul>
        </nav>
      </Card>
    </div>
  );
}
