import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { NOTION_PROPERTIES } from '../../../../shared/schemas/notion.ts';

const propertyNames = NOTION_PROPERTIES.map((property) => property.name).join(', ');

/** How to get an integration token and share the database with it. */
export function NotionSetupSteps() {
  return (
    <div className="space-y-3 text-sm">
      <h3 className="font-medium">To connect</h3>
      <ol className="list-decimal space-y-1 pl-5">
        <li>
          Open{' '}
          <NewTabLink href="https://www.notion.so/my-integrations">
            notion.so/my-integrations
          </NewTabLink>
          , choose <strong className="font-medium">New integration</strong>, then copy its{' '}
          <strong className="font-medium">Internal Integration Secret</strong>.
        </li>
        <li>
          In your database, open <strong className="font-medium">••• → Connections</strong> and add
          that integration.
        </li>
        <li>Paste the secret and the database's link (or its ID) below.</li>
      </ol>
      <p className="text-muted-foreground">
        Hourbook checks that the database has the properties it fills ({propertyNames}) and offers
        to add the missing ones.
      </p>
    </div>
  );
}

/** A link that opens in a new tab, and says so to screen readers. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]"
    >
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
