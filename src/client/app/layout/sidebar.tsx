import { Clock, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { User } from '../../../shared/schemas/auth.ts';
import { SidebarNav } from './sidebar-nav';
import { UserBlock } from './user-block';

type SidebarContentProps = {
  user: User;
  collapsed: boolean;
  onToggleCollapsed?: () => void;
  onClose?: () => void;
};

export function Brand({ hideText = false }: { hideText?: boolean }) {
  return (
    <span className="flex items-center gap-2 font-bold text-foreground text-lg">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Clock className="size-4" aria-hidden="true" />
      </span>
      <span className={cn(hideText && 'sr-only')}>Hourbook</span>
    </span>
  );
}

export function SidebarContent({
  user,
  collapsed,
  onToggleCollapsed,
  onClose,
}: SidebarContentProps) {
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-2 border-b px-4',
          collapsed ? 'justify-center px-2' : 'justify-between',
        )}
      >
        {collapsed ? null : <Brand />}
        {onToggleCollapsed ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            aria-controls="app-sidebar"
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" />
            ) : (
              <PanelLeftClose aria-hidden="true" />
            )}
          </Button>
        ) : null}
        {onClose ? (
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close sidebar">
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <SidebarNav collapsed={collapsed} onNavigate={onClose} />
      <UserBlock user={user} collapsed={collapsed} />
    </div>
  );
}
