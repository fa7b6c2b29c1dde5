import { useState } from 'react';

/** A key or a signing secret, shown once: the person copies it now or never sees it again. */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="secret" aria-labelledby="secret-title">
      <h3 id="secret-title">{label}</h3>
      <p>Copy it now: it is shown only this once.</p>
      <p>
        <output className="secret-value" data-testid="secret-value">
          {value}
        </output>
      </p>
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </section>
  );
}
