import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminStatus, useMe } from '@/features/auth';
import { preloadMailAccountCard } from '@/features/mail-account';
import { preloadNotionCard } from '@/features/notion';
import { useSettings } from '../api/get-settings';
import { GeneralTab } from './general-tab';
import { SettingsError, SettingsSkeleton, TabSkeleton } from './settings-states';
import { useHashTab } from './use-hash-tab';

// Loaded behind the first tab, to keep the route's JavaScript budget (decision 004).
const loadExportTab = () => import('./export-tab');
const loadSecurityTab = () => import('./security-tab');
const AdminTab = lazy(() => import('./admin-tab').then((module) => ({ default: module.AdminTab })));
const ExportTab = lazy(() => loadExportTab().then((module) => ({ default: module.ExportTab })));
// The calendar feed card came with Integrations (decision 047): the tab loads when shown.
const IntegrationsTab = lazy(() =>
  import('./integrations-tab').then((module) => ({ default: module.IntegrationsTab })),
);
const SecurityTab = lazy(() =>
  loadSecurityTab().then((module) => ({ default: module.SecurityTab })),
);

const userTabs = ['general', 'export', 'integrations', 'security'] as const;
const adminTabs = [...userTabs, 'admin'] as const;
type Tab = (typeof adminTabs)[number];

const tabLabels: Record<Tab, string> = {
  general: 'General',
  export: 'Export',
  integrations: 'Integrations',
  security: 'Security',
  admin: 'Admin',
};

export function SettingsPage() {
  const settings = useSettings();
  const { data: user } = useMe();
  const adminStatus = useAdminStatus();
  const isAdmin = adminStatus.data?.isAdmin ?? user?.isAdmin ?? false;
  const awaitsConfirmation = !isAdmin && adminStatus.data?.awaitsEmailConfirmation === true;
  const tabs: readonly Tab[] = isAdmin || awaitsConfirmation ? adminTabs : userTabs;
  const [tab, setTab] = useHashTab(tabs);
  useEffect(() => {
    void loadExportTab().catch(() => {});
    void loadSecurityTab().catch(() => {});
    preloadMailAccountCard();
    preloadNotionCard();
  }, []);

  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="Manage your profile, export defaults, integrations and security"
      />
      {settings.data && user ? (
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          {/* Wrapped, not scrolled: a sideways-scrolling row hid the last tab with no cue. */}
          <TabsList className="flex h-auto w-full flex-wrap justify-start sm:inline-flex sm:w-auto">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value} className="flex-1 sm:flex-none">
                {tabLabels[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="general">
            <GeneralTab user={user} settings={settings.data} />
          </TabsContent>
          <TabsContent value="export">
            <Loading>
              <ExportTab settings={settings.data} />
            </Loading>
          </TabsContent>
          <TabsContent value="integrations">
            <Loading>
              <IntegrationsTab />
            </Loading>
          </TabsContent>
          <TabsContent value="security">
            <Loading>
              <SecurityTab />
            </Loading>
          </TabsContent>
          {isAdmin || awaitsConfirmation ? (
            <TabsContent value="admin">
              <AdminTab
                awaitsConfirmation={awaitsConfirmation ? { email: user.email } : undefined}
              />
            </TabsContent>
          ) : null}
        </Tabs>
      ) : settings.isError ? (
        <SettingsError
          error={settings.error}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsSkeleton />
      )}
    </>
  );
}

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<TabSkeleton />}>{children}</Suspense>;
}

export default SettingsPage;
