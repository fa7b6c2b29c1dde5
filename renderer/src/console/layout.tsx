import { NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { useSession } from './session.js';

const SECTIONS = [
  ['applications', 'Applications'],
  ['document-types', 'Document types'],
  ['extractions', 'Extractions'],
  ['usage', 'Usage'],
  ['members', 'Members'],
  ['audit-log', 'Audit log'],
  ['settings', 'Organization'],
] as const;

/** The frame of every signed-in page: skip link, organization switcher, sections, sign-out. */
export function Layout() {
  const { session, signOut } = useSession();
  const { org } = useParams();
  const navigate = useNavigate();
  const orgs = session?.organizations ?? [];
  const current = orgs.find((o) => o.id === org);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="brand">
          <strong>docex</strong> console
        </p>
        {orgs.length > 0 && (
          <label className="org-switch">
            <span>Organization</span>
            <select value={org ?? ''} onChange={(e) => navigate(`/o/${e.target.value}/applications`)}>
              {orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <p className="who">
          <span>{session?.user.email}</span>
          {current ? <span className="badge">{current.role}</span> : null}
        </p>
        <button type="button" onClick={() => void signOut().then(() => navigate('/sign-in'))}>
          Sign out
        </button>
      </header>
      {org && (
        <nav className="sections" aria-label="Sections">
          <ul>
            {SECTIONS.map(([path, label]) => (
              <li key={path}>
                <NavLink to={`/o/${org}/${path}`}>{label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
