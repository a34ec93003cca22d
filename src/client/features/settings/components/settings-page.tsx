import { PageHeader } from '@/components/page-header';

export function SettingsPage() {
  return (
    <PageHeader title="Settings" subtitle="Manage your profile, export defaults and security" />
  );
}

export default SettingsPage;
