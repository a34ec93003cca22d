import { CopyField } from '@/components/ui/copy-field';

/** The read-only Account ID and a button that copies it (docs/product/screens.md#settings). */
export function AccountIdField({ accountId }: { accountId: string }) {
  return (
    <CopyField
      id="settings-account-id"
      label="Account ID"
      hint="Quote it when you ask for help with your account."
      value={accountId}
      what="Account ID"
    />
  );
}
