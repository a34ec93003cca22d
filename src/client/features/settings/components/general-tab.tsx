import type { User } from '../../../../shared/schemas/auth.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { PreferencesCard } from './preferences-card';
import { ProfileCard } from './profile-card';
import { SaveIndicator } from './save-indicator';
import { useGeneralSave } from './use-general-save';

/** docs/product/screens.md#settings: every change saves itself; one quiet indicator says how that went. */
export function GeneralTab({ user, settings }: { user: User; settings: Settings }) {
  const { status, save } = useGeneralSave();
  return (
    <div className="space-y-6">
      <SaveIndicator status={status} className="mb-2 justify-end" />
      <ProfileCard user={user} save={save} />
      <PreferencesCard settings={settings} save={save} />
    </div>
  );
}
