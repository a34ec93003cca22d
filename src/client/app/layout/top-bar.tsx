import { Menu } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { displayName, UserAvatar } from '@/components/user-avatar';
import { useMe } from '@/features/auth';
import { TimerControl } from '@/features/timer';
import { appPaths } from '../routes';
import { Brand } from './sidebar';
import { ThemeToggle } from './theme-toggle';

/** Must sit inside the mobile sidebar's Dialog root: its menu button is the dialog trigger. */
export function TopBar() {
  // From the app shell's cache, so a new profile picture shows here at once.
  const { data: user } = useMe();
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur sm:px-6">
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open sidebar">
          <Menu aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      {/* On a phone the name is read, not shown: the timer needs the room. */}
      <span className="md:hidden max-sm:[&>span>span:last-child]:sr-only">
        <Brand />
      </span>
      <div className="ml-auto flex min-w-0 items-center gap-2">
        {user ? <TimerControl /> : null}
        <ThemeToggle />
        {user ? (
          <Link
            href={appPaths.settings}
            aria-label={`Settings — ${displayName(user)}`}
            className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            <UserAvatar user={user} size="sm" />
          </Link>
        ) : null}
      </div>
    </header>
  );
}
