import { Suspense, type JSX } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { Spinner } from 'ui-kit';
import { BaseContext, under, useBase, useMountPath } from './base';
import { useOpsT } from './i18n';
import { AuditPage } from './pages/AuditPage';
import { DashboardPage } from './pages/DashboardPage';
import { MailPage } from './pages/MailPage';
import { QueuePage } from './pages/QueuePage';
import { ReviewPage } from './pages/ReviewPage';
import { PermissionsPage } from './pages/PermissionsPage';
import { SanctionRoutes, SanctionNav } from './pages/sanctionRoutes';
import { ReportCasePage } from './pages/ReportCasePage';
import { ReportsPage } from './pages/ReportsPage';
import { TemplateWhiteListPage } from './pages/TemplateWhiteListPage';
import { PermissionsProvider, useCan } from './me';
import { OpsPermission } from 'shared-kit';

function Console(): JSX.Element {
  const { t } = useOpsT();
  const base = useBase();
  return (
    <>
      <nav aria-label={t('nav.label')}>
        <NavLink to={under(base, 'dashboard')}>{t('dashboard.nav')}</NavLink>{' '}
        <NavLink to={under(base)} end>
          {t('nav.queue')}
        </NavLink>{' '}
        <NavLink to={under(base, 'audit')}>{t('nav.audit')}</NavLink>{' '}
        {useCan(OpsPermission.Moderator) && <NavLink to={under(base, 'reports')}>{t('reports.nav')}</NavLink>}{' '}
        {useCan(OpsPermission.Admin) && <NavLink to={under(base, 'permissions')}>{t('permissions.nav')}</NavLink>}{' '}
        <SanctionNav />{' '}
        {useCan(OpsPermission.ContentOperator) && <NavLink to={under(base, 'template-whitelist')}>{t('templates.nav')}</NavLink>}{' '}
        {useCan(OpsPermission.ContentOperator) && <NavLink to={under(base, 'mail')}>{t('mail.nav')}</NavLink>}
      </nav>
      <Routes>
        <Route index element={<QueuePage />} />
        <Route path="review/:storyId" element={<ReviewPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="mail" element={<MailPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="permissions" element={<PermissionsPage />} />
        {SanctionRoutes()}
        <Route path="reports" element={<ReportsPage />} />
        <Route path="reports/:caseId" element={<ReportCasePage />} />
        <Route path="template-whitelist" element={<TemplateWhiteListPage />} />
        <Route path="*" element={<QueuePage />} />
      </Routes>
    </>
  );
}

/** The moderation console remote, mounted by the shell at `/ops/*`. */
export default function App(): JSX.Element {
  const base = useMountPath();
  return (
    <BaseContext.Provider value={base}>
      <div data-remote="mfe_ops">
        {/* The console's copy is fetched for the language in use on first render. */}
        <Suspense fallback={<Spinner />}>
          <PermissionsProvider>
            <Console />
          </PermissionsProvider>
        </Suspense>
      </div>
    </BaseContext.Provider>
  );
}
