import type { UpdateGeneralSettingsBody } from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { unauthenticated } from '../../errors.ts';
import { updateSettings, updateUserNames } from './settings.repository.ts';

/** Names on the user, formats on the settings row: one transaction, so a save never lands half. */
export async function updateGeneralSettings(
  db: Db,
  userId: number,
  body: UpdateGeneralSettingsBody,
) {
  const changed = await transaction(
    db,
    async (tx) => {
      const user = await updateUserNames(tx, userId, {
        firstName: body.firstName,
        lastName: body.lastName,
      });
      if (!user) return undefined;
      const settings = await updateSettings(tx, userId, {
        timeFormat: body.timeFormat,
        timeZone: body.timeZone,
        currency: body.currency,
      });
      return { user, settings };
    },
    { userId },
  );
  // The user was deleted while this request ran: their session went with them.
  if (!changed) throw unauthenticated();
  return changed;
}
