import { HashRouter, NavLink, Navigate, Route, Routes } from 'react-router';
import { CapturePage } from './capture-page.js';
import { DocumentsPage } from './documents-page.js';
import { ReviewPage } from './review-page.js';
import { SettingsPage } from './settings-page.js';
import { useDocuments } from './use-documents.js';

/** The desktop app: capture, the review queue, documents with their sync state, sync settings. */
export function DesktopApp() {
  const { documents } = useDocuments('needed');
  return (
    <HashRouter>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">
          <strong>docex</strong> desktop
        </p>
      </header>
      <nav className="sections" aria-label="Sections">
        <ul>
          <li>
            <NavLink to="/capture">Capture</NavLink>
          </li>
          <li>
            <NavLink to="/queue">Review queue ({documents.length})</NavLink>
          </li>
          <li>
            <NavLink to="/documents">Documents</NavLink>
          </li>
          <li>
            <NavLink to="/settings">Sync settings</NavLink>
          </li>
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<Navigate to="/capture" replace />} />
          <Route path="/capture" element={<CapturePage />} />
          <Route path="/queue" element={<DocumentsPage review="needed" />} />
          <Route path="/documents" element={<DocumentsPage />} />
          <Route path="/review/:id" element={<ReviewPage />} />
          <Route path="/settings" element={<SettingsPage />} />
        </Routes>
      </main>
    </HashRouter>
  );
}
