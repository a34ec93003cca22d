import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { NotionStatus } from '../../../../shared/schemas/notion.ts';
import { NotionConnectForm } from './notion-connect-form';
import { NotionDisconnectButton } from './notion-disconnect-button';
import { NotionMissingProperties } from './notion-missing-properties';
import { NewTabLink } from './notion-setup-steps';
import { NotionSyncProgress } from './notion-sync-progress';

/** The database's page: its id without dashes is the path notion.so opens. */
export const notionDatabaseUrl = (id: string) => `https://www.notion.so/${id.replaceAll('-', '')}`;

/** Notion refused a call the integration has no capability for (403 restricted_resource). */
const missingCapability = (name: string) =>
  `Your Notion integration lacks the “${name}” capability, so work logs are not being copied. Turn it on in the integration’s settings in Notion (Capabilities), then connect again below.`;

const stopped: Record<Exclude<NonNullable<NotionStatus['state']>, 'ok'>, string> = {
  unauthorized:
    'Notion no longer accepts your token, so work logs are not being copied. Connect again with the Internal Integration Secret from your integration’s page.',
  not_found:
    'Notion cannot find this database any more, so work logs are not being copied. Share it with your integration again (••• → Connections), or connect another database.',
  missing_read_content: missingCapability('Read content'),
  missing_insert_content: missingCapability('Insert content'),
  missing_update_content: missingCapability('Update content'),
};

type NotionConnectionProps = {
  status: NotionStatus;
  checking: boolean;
  onCheckAgain: () => void;
};

/** Connected: which database, what it lacks, how far the mirror is, and Disconnect. */
export function NotionConnection({ status, checking, onCheckAgain }: NotionConnectionProps) {
  const title = status.databaseTitle || 'your Notion database';
  const database = status.databaseId ? (
    <NewTabLink href={notionDatabaseUrl(status.databaseId)}>{title}</NewTabLink>
  ) : (
    <strong className="font-medium">{title}</strong>
  );

  return (
    <div className="space-y-6">
      {status.state === 'ok' ? (
        <p className="flex items-start gap-2 text-sm">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <span className="min-w-0">
            Connected to {database}
            {status.missingProperties.length > 0
              ? '. Nothing is copied until the database has the properties below.'
              : null}
          </span>
        </p>
      ) : (
        <div className="flex items-start gap-2 rounded-lg border border-warning bg-warning/15 p-3 text-sm">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="min-w-0 space-y-1">
            <p className="font-medium">Notion stopped copying to {database}</p>
            <p>{stopped[status.state ?? 'unauthorized']}</p>
          </div>
        </div>
      )}
      {status.state === 'ok' ? (
        <>
          {status.missingProperties.length > 0 ? (
            <NotionMissingProperties
              missing={status.missingProperties}
              checking={checking}
              onCheckAgain={onCheckAgain}
            />
          ) : null}
          {status.missingProperties.length === 0 ? <NotionSyncProgress status={status} /> : null}
        </>
      ) : (
        <NotionConnectForm reconnect database={status.databaseId ?? ''} />
      )}
      <NotionDisconnectButton title={title} />
    </div>
  );
}
