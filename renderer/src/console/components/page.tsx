import { useEffect, useRef, type ReactNode } from 'react';

/** True until the first page has shown: a fresh load leaves focus where the browser puts it. */
let firstPage = true;

/**
 * A page: its title in the tab and as the one `h1`. The heading takes focus when a page opens
 * after navigating, so keyboard and screen-reader users land on the new content; on a fresh load
 * the first Tab still reaches the skip link.
 */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Console`;
    if (firstPage) firstPage = false;
    else heading.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {actions ? <div className="actions">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}
