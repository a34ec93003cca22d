import { Dialog as DialogPrimitive } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { DESKTOP_QUERY } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import type { User } from '../../../shared/schemas/auth.ts';
import { SidebarContent } from './sidebar';
import { TopBar } from './top-bar';
import { useApplySettingsTheme } from './use-apply-settings-theme';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

// The keyboard shortcuts load after the page, out of every page's first load.
const KeyboardShortcuts = lazy(() => import('../shortcuts/keyboard-shortcuts'));

type AppLayoutProps = { user: User; applyServerTheme: boolean; children: ReactNode };

/** Sidebar beside the page from 768 px, an overlay dialog below (docs/product/screens.md#layout). */
export function AppLayout({ user, applyServerTheme, children }: AppLayoutProps) {
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [mobileOpen, setMobileOpen] = useState(false);
  useApplySettingsTheme(applyServerTheme);

  // Widening the window past the breakpoint leaves no overlay (and no focus trap) behind.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DESKTOP_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setMobileOpen(false);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  return (
    <TooltipProvider>
      <DialogPrimitive.Root open={mobileOpen} onOpenChange={setMobileOpen}>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <div className="flex min-h-screen bg-background">
          <aside
            id="app-sidebar"
            aria-label="Sidebar"
            className={cn(
              'sticky top-0 hidden h-screen shrink-0 border-r bg-card transition-[width] duration-200 md:block',
              collapsed ? 'w-20' : 'w-64',
            )}
          >
            <SidebarContent user={user} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} />
          </aside>

          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/60 data-[state=open]:animate-[fade-in_150ms_ease-out] md:hidden" />
            <DialogPrimitive.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 w-64 max-w-[85vw] border-r bg-card shadow-xl focus:outline-none data-[state=open]:animate-[slide-in-left_200ms_ease-out] md:hidden"
            >
              <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
              <SidebarContent user={user} collapsed={false} onClose={() => setMobileOpen(false)} />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>

          {/* A page's floating action (data-floating-action) must not cover the footer's line. */}
          <div className="flex min-w-0 flex-1 flex-col [&:has([data-floating-action])>footer]:pb-24 md:[&:has([data-floating-action])>footer]:pb-4">
            <TopBar />
            <main
              id="main-content"
              tabIndex={-1}
              className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
            >
              <div className="mx-auto w-full max-w-7xl">{children}</div>
            </main>
            <footer className="border-t px-4 py-4 text-center text-muted-foreground text-sm">
              © {new Date().getFullYear()} Hourbook. All rights reserved.
            </footer>
          </div>
        </div>
      </DialogPrimitive.Root>
      <Suspense fallback={null}>
        <KeyboardShortcuts />
      </Suspense>
    </TooltipProvider>
  );
}
