/** The desktop app's shell. Capture, review and sync screens arrive with the desktop-app issue. */
export function App() {
  const kit = window.kit;
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Document extraction kit</h1>
      <p>Engine {kit ? kit.engineVersion : 'not connected'}</p>
    </main>
  );
}
