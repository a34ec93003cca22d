import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { YourDataCard } from './your-data-card';

/** docs/product/screens.md#settings: the password, a copy of the data, and deleting the account. */
export function SecurityTab() {
  return (
    <div className="space-y-6">
      <ChangePasswordCard />
      <YourDataCard />
      <DeleteAccountCard />
    </div>
  );
}
