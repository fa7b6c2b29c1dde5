import { useEffect, useState, type FormEvent } from 'react';
import type { DesktopSettings } from '../../../main/src/preload-api.js';
import { call, KitError } from './kit.js';

/** The server to sync with: its URL and a publishable key (secret keys are refused), what is sent, who corrects. */
export function SettingsPage() {
  const [settings, setSettings] = useState<DesktopSettings | null>(null);
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [send, setSend] = useState<'lines' | 'file'>('lines');
  const [by, setBy] = useState('');
  const [folder, setFolder] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void call('settings', {}).then((s) => {
      setSettings(s);
      setUrl(s.server_url ?? '');
      setSend(s.send);
      setBy(s.corrected_by);
      setFolder(s.watch_folder ?? '');
    });
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const saved = await call('configure', { server_url: url, ...(key ? { publishable_key: key } : {}), send, corrected_by: by || 'desktop app', watch_folder: folder.trim() });
      setSettings(saved);
      setKey('');
      setMessage({ ok: true, text: 'Saved. Waiting documents are being sent.' });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof KitError ? `${err.message} (${err.code})` : 'Not saved.' });
    }
  };
  return (
    <>
      <h1 tabIndex={-1}>Sync settings</h1>
      <form className="form" onSubmit={submit}>
        <label>
          Server URL
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://docex.example.com" required />
        </label>
        <label>
          Publishable key {settings?.publishable_key_hint ? <span className="hint">(now {settings.publishable_key_hint}; leave empty to keep it)</span> : null}
          <input value={key} onChange={(e) => setKey(e.target.value)} placeholder="svc_pk_live_..." autoComplete="off" />
        </label>
        <fieldset>
          <legend>What is sent</legend>
          <label>
            <input type="radio" name="send" checked={send === 'lines'} onChange={() => setSend('lines')} /> The text read on this device
          </label>
          <label>
            <input type="radio" name="send" checked={send === 'file'} onChange={() => setSend('file')} /> The document itself (when the data policy allows)
          </label>
        </fieldset>
        <label>
          Scanner folder <span className="hint">documents saved there are taken and moved to its captured/ folder; empty for none</span>
          <input value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="/home/counter/Scans" />
        </label>
        <label>
          Corrections made here are signed as
          <input value={by} onChange={(e) => setBy(e.target.value)} />
        </label>
        {message && (
          <p className={message.ok ? 'notice' : 'error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary">
            Save
          </button>
        </div>
      </form>
    </>
  );
}
