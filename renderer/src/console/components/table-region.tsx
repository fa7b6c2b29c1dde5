import type { ReactNode } from 'react';

/**
 * A wide table in a region that scrolls sideways on a narrow screen; the region can take focus
 * so that keyboard users can scroll it too.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
