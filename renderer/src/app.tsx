import { DesktopApp } from './desktop/desktop-app.js';
import './console/console.css';
import './desktop/desktop.css';

/** The desktop app's window (Electron, or a browser on the Node web host). */
export function App() {
  return <DesktopApp />;
}
