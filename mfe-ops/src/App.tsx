import { Suspense, type JSX } from 'react';
import { Route, Routes } from 'react-router';
import { Spinner } from 'ui-kit';
import { BaseContext, useMountPath } from './base';
import { ConsoleFrame } from './frame/ConsoleFrame';
import './ops.css';
import './pages.css';
import { AuditPage } from './pages/AuditPage';
import { DashboardPage } from './pages/DashboardPage';
import { MailPage } from './pages/MailPage';
import { OrderPage } from './pages/OrderPage';
import { AdminOnly, OrdersPage } from './pages/OrdersPage';
import { QueuePage } from './pages/QueuePage';
import { ReviewPage } from './pages/ReviewPage';
import { PermissionsPage } from './pages/PermissionsPage';
import { SanctionRoutes } from './pages/sanctionRoutes';
import { FeedbackPage } from './pages/FeedbackPage';
import { ReportCasePage } from './pages/ReportCasePage';
import { ReportsPage } from './pages/ReportsPage';
import { TemplateWhiteListPage } from './pages/TemplateWhiteListPage';
import { PermissionsProvider } from './me';

function Console(): JSX.Element {
  return (
    <ConsoleFrame>
      <Routes>
        <Route index element={<QueuePage />} />
        <Route path="review/:storyId" element={<ReviewPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="mail" element={<MailPage />} />
        <Route path="feedback" element={<FeedbackPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="permissions" element={<PermissionsPage />} />
        <Route path="orders" element={<AdminOnly><OrdersPage /></AdminOnly>} />
        <Route path="orders/:orderNo" element={<AdminOnly><OrderPage /></AdminOnly>} />
        {SanctionRoutes()}
        <Route path="reports" element={<ReportsPage />} />
        <Route path="reports/:caseId" element={<ReportCasePage />} />
        <Route path="template-whitelist" element={<TemplateWhiteListPage />} />
        <Route path="*" element={<QueuePage />} />
      </Routes>
    </ConsoleFrame>
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
