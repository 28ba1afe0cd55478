import type { CommunityRole } from '@wave/contracts';
import { roleLabel } from '../community-format';

/** The reader's role in a community they are a member of. */
export function RoleBadge({ role }: { role: CommunityRole }) {
  return (
    <span className="inline-flex items-center rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-semibold">
      {roleLabel(role)}
    </span>
  );
}
