import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { useLogout } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import type { User } from '../../../shared/schemas/auth.ts';

type Identity = Pick<User, 'firstName' | 'lastName' | 'email' | 'profileImageUrl'>;

/** SPEC.md §2: the full name, else the e-mail, else 'User'. */
export function displayName(user: Identity): string {
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return fullName || user.email || 'User';
}

/** The first letter of the first name, else 'U'. */
export function avatarInitial(user: Identity): string {
  return user.firstName?.trim().charAt(0).toUpperCase() || 'U';
}

export function UserAvatar({ user }: { user: Identity }) {
  if (user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        className="size-10 shrink-0 rounded-full border object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
    >
      {avatarInitial(user)}
    </span>
  );
}

export function UserBlock({ user, collapsed }: { user: Identity; collapsed: boolean }) {
  const logout = useLogout();
  const onLogout = () =>
    logout.mutate(undefined, {
      onError: (error) =>
        toast({
          title: 'Logout failed',
          description: error instanceof ApiError ? error.serverMessage : error.message,
          variant: 'destructive',
        }),
    });
  const label = logout.isPending ? 'Logging out...' : 'Logout';

  const button = (
    <Button
      variant="outline"
      size={collapsed ? 'icon' : 'default'}
      className={cn(!collapsed && 'w-full')}
      onClick={onLogout}
      disabled={logout.isPending}
    >
      <LogOut aria-hidden="true" />
      <span className={cn(collapsed && 'sr-only')}>{label}</span>
    </Button>
  );

  return (
    <div className={cn('space-y-3 border-t p-3', collapsed && 'flex flex-col items-center')}>
      <div className={cn('flex items-center gap-3', collapsed && 'justify-center')}>
        <UserAvatar user={user} />
        <div className={cn('min-w-0', collapsed && 'sr-only')}>
          <p className="truncate font-medium text-sm">{displayName(user)}</p>
          <p className="truncate text-muted-foreground text-xs">{user.email}</p>
        </div>
      </div>
      {collapsed ? (
        <Tooltip>
          <TooltipTrigger asChild>{button}</TooltipTrigger>
          <TooltipContent side="right">{label}</TooltipContent>
        </Tooltip>
      ) : (
        button
      )}
    </div>
  );
}
