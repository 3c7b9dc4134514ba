import type { JSX } from 'react';
import { Route } from 'react-router';
import { AppealsPage } from './AppealsPage';
import { HomeContentPage } from './HomeContentPage';
import { StoryVersionPage } from './StoryVersionPage';
import { UserPage, UsersPage } from './UsersPage';

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
