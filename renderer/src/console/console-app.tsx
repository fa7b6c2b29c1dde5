import { Navigate, Route, Routes } from 'react-router';
import { Layout } from './layout.js';
import { AcceptInvitation } from './pages/accept-invitation.js';
import { ApplicationPage } from './pages/application.js';
import { ApplicationSettings } from './pages/application-settings.js';
import { Applications } from './pages/applications.js';
import { AuditLog } from './pages/audit-log.js';
import { DocumentTypePage } from './pages/document-type.js';
import { DocumentTypes } from './pages/document-types.js';
import { Extractions } from './pages/extractions.js';
import { Keys } from './pages/keys.js';
import { Members } from './pages/members.js';
import { OrganizationSettings } from './pages/organization-settings.js';
import { Playground } from './pages/playground.js';
import { RequestAccess } from './pages/request-access.js';
import { Review } from './pages/review.js';
import { SignIn } from './pages/sign-in.js';
import { Usage } from './pages/usage.js';
import { WebhookDetail, Webhooks } from './pages/webhooks.js';
import { useSession } from './session.js';

/** The console's pages; everything but sign-in, access requests and invitations needs a session. */
export function ConsoleApp() {
  const { session } = useSession();
  if (session === undefined) return <p role="status">Loading…</p>;
  const home = session?.organizations[0] ? `/o/${session.organizations[0].id}/applications` : '/no-organization';
  return (
    <Routes>
      <Route path="/sign-in" element={session ? <Navigate to={home} replace /> : <SignIn />} />
      <Route path="/request-access" element={<RequestAccess />} />
      <Route path="/accept" element={<AcceptInvitation />} />
      {session ? (
        <Route element={<Layout />}>
          <Route path="/" element={<Navigate to={home} replace />} />
          <Route path="/no-organization" element={<p>You are not a member of any organization yet. Ask an admin for an invitation, or request access.</p>} />
          <Route path="/o/:org">
            <Route index element={<Navigate to="applications" replace />} />
            <Route path="applications" element={<Applications />} />
            <Route path="applications/:app" element={<ApplicationPage />}>
              <Route index element={<Navigate to="settings" replace />} />
              <Route path="settings" element={<ApplicationSettings />} />
              <Route path="keys" element={<Keys />} />
              <Route path="webhooks" element={<Webhooks />} />
              <Route path="webhooks/:endpoint" element={<WebhookDetail />} />
              <Route path="playground" element={<Playground />} />
            </Route>
            <Route path="applications/:app/extractions/:id" element={<Review />} />
            <Route path="document-types" element={<DocumentTypes />} />
            <Route path="document-types/:key" element={<DocumentTypePage />} />
            <Route path="extractions" element={<Extractions />} />
            <Route path="usage" element={<Usage />} />
            <Route path="members" element={<Members />} />
            <Route path="audit-log" element={<AuditLog />} />
            <Route path="settings" element={<OrganizationSettings />} />
          </Route>
          <Route path="*" element={<p>No such page.</p>} />
        </Route>
      ) : (
        <Route path="*" element={<Navigate to="/sign-in" replace />} />
      )}
    </Routes>
  );
}
