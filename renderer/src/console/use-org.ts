import { useParams } from 'react-router';
import { useSession } from './session.js';
import type { Role } from './types.js';

/** The organization of the page's path and the person's role in it. */
export function useOrg(): { org: string; role: Role | undefined } {
  const { org = '' } = useParams();
  const { session } = useSession();
  return { org, role: session?.organizations.find((o) => o.id === org)?.role };
}
