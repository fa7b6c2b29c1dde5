import type { ApiError } from '../api.js';

interface Problem {
  path?: string;
  param?: string;
  message: string;
}

/** An API error as the person reads it: the message, the code, and each problem at its place. */
export function ErrorMessage({ error }: { error: ApiError | null }) {
  if (!error) return null;
  const details = error.body.details ?? {};
  const problems = [...((details.problems as Problem[] | undefined) ?? []), ...((details.errors as Problem[] | undefined) ?? [])];
  return (
    <div className="error" role="alert">
      <p>
        {error.message} <code className="code">{error.code}</code>
        {error.body.param ? <> (at <code>{error.body.param}</code>)</> : null}
      </p>
      {problems.length > 0 && (
        <ul>
          {problems.map((p, i) => (
            <li key={i}>
              <code>{p.path ?? p.param}</code>: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
