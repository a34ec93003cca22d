import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { avatarInitial, displayName, type Identity, UserAvatar } from '@/components/user-avatar';
import { useLogout } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

// Re-exported for the layout's tests, which check the naming rules through this block.
export { avatarInitial, displayName };

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
