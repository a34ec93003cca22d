import type { DiagnosticsResponse } from '../../../../shared/schemas/diagnostics.ts';
import {
  databaseLabels,
  instanceMailLabels,
  mailAccountLabels,
  mailLinksLabels,
  notionLabels,
} from './diagnostics-labels';
import { Fact, FactCard, StatusBadge } from './fact-list';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });

/** The server's clock, in this browser's time zone; the exact instant is in the markup. */
function ServerTime({ iso }: { iso: string }) {
  const date = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : timeFormat.format(date)}</time>;
}

export function ServerFacts({ data }: { data: DiagnosticsResponse }) {
  return (
    <>
      <FactCard title="This server" description="How this Hourbook instance is set up.">
        <Fact term="Version">{data.version}</Fact>
        <Fact term="Database">{databaseLabels[data.database]}</Fact>
        <Fact term="Instance mail">
          <StatusBadge {...instanceMailLabels[data.instanceMail]} />
        </Fact>
        <Fact term="Links in mail">
          <StatusBadge {...mailLinksLabels[data.mailLinks]} />
          {data.mailLinks === 'missing' ? (
            <p className="mt-1 text-muted-foreground text-sm">
              Confirmation and e-mail change links cannot be mailed until the administrator sets
              PUBLIC_URL to the address people reach Hourbook at.
            </p>
          ) : null}
        </Fact>
        <Fact term="Server time">
          <ServerTime iso={data.serverTime} />
        </Fact>
      </FactCard>
      <FactCard title="Your connections" description="The services your account is linked to.">
        <Fact term="Your mail account">
          <StatusBadge {...mailAccountLabels[data.mailAccount]} />
        </Fact>
        <Fact term="Notion">
          <StatusBadge {...notionLabels[data.notion]} />
        </Fact>
      </FactCard>
    </>
  );
}
