import * as Menu from '@radix-ui/react-dropdown-menu';
import type { UserResponse } from '@wave/contracts';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/sessions';

/** Avatar, name and @username; View Profile and Log out. */
export function UserMenu({ user, compact }: { user: UserResponse; compact?: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu.Root>
      <Menu.Trigger className="flex w-full items-center gap-3 rounded-full p-2 text-left hover:bg-muted">
        <Avatar
          src={user.profileImageUrl}
          displayName={user.displayName}
          username={user.username}
        />
        {compact ? null : (
          <span className="hidden min-w-0 xl:block">
            <span className="block truncate font-semibold">
              {user.displayName || user.username}
            </span>
            <span className="block truncate text-sm text-muted-foreground">@{user.username}</span>
          </span>
        )}
        {/* Named after what it shows (WCAG 2.5.3), then what it is. */}
        <span className="sr-only">Account menu</span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="z-50 min-w-48 rounded-xl border border-border bg-card p-1 shadow-lg"
          sideOffset={6}
        >
          <Menu.Item
            className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted"
            onSelect={() => void navigate(paths.profile.getHref(user.username))}
          >
            View Profile
          </Menu.Item>
          <Menu.Item
            className="cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted"
            disabled={logout.isPending}
            onSelect={(event) => {
              event.preventDefault();
              logout.mutate();
            }}
          >
            {logout.isPending ? 'Logging out...' : 'Log out'}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
