import type { JSX } from 'react';
import { NavLink, Route } from 'react-router';
import { OpsPermission } from 'shared-kit';
import { under, useBase } from '../base';
import { useOpsT } from '../i18n';
import { useCan } from '../me';
import { AppealsPage } from './AppealsPage';
import { HomeContentPage } from './HomeContentPage';
import { StoryVersionPage } from './StoryVersionPage';
import { UserPage, UsersPage } from './UsersPage';

/** The console's links to the users and appeals pages (moderators) and the home content page (content operators). */
export function SanctionNav(): JSX.Element | null {
  const { t } = useOpsT();
  const base = useBase();
  const moderator = useCan(OpsPermission.Moderator);
  const content = useCan(OpsPermission.ContentOperator);
  return (
    <>
      {moderator && (
        <>
          <NavLink to={under(base, 'users')}>{t('users.nav')}</NavLink> <NavLink to={under(base, 'appeals')}>{t('appeals.nav')}</NavLink>{' '}
        </>
      )}
      {content && <NavLink to={under(base, 'home')}>{t('home.nav')}</NavLink>}
    </>
  );
}

/** The routes of the users, appeals (with a story version as judged) and home content pages (plain elements: `<Routes>` reads its children's props). */
export function SanctionRoutes(): JSX.Element {
  return (
    <>
      <Route path="users" element={<UsersPage />} />
      <Route path="users/:uid" element={<UserPage />} />
      <Route path="appeals" element={<AppealsPage />} />
      <Route path="story/:storyId/:versionId" element={<StoryVersionPage />} />
      <Route path="home" element={<HomeContentPage />} />
    </>
  );
}
