import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import type { NotionStatus } from '../../../../shared/schemas/notion.ts';
import { useAddNotionProperties } from '../api/notion-actions';

type Missing = NotionStatus['missingProperties'];

/** Notion's property types in the words of its "Property type" menu. */
const typeLabels: Record<string, string> = {
  rich_text: 'Text',
  date: 'Date',
  number: 'Number',
  select: 'Select',
};
export const notionTypeLabel = (type: string) => typeLabels[type] ?? type;

const BLOCKED_HINT =
  'Rename or change the conflicting properties in Notion first, then check again: Hourbook cannot add a property whose name is taken.';

type Props = { missing: Missing; checking: boolean; onCheckAgain: () => void };

/**
 * What the database lacks. Properties that exist with another type are the user's to rename
 * or change; the server refuses to add any while one of them is left (notion.service.ts).
 */
export function NotionMissingProperties({ missing, checking, onCheckAgain }: Props) {
  const add = useAddNotionProperties();
  const blocked = missing.some((property) => property.conflicting);
  const count = missing.length === 1 ? '1 property' : `${missing.length} properties`;

  function addMissing() {
    if (blocked || add.isPending) return;
    add.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Properties Added',
          description: 'Your work logs are being copied to Notion in the background.',
          variant: 'success',
        }),
      onError: (error) => {
        if (isSessionEnded(error)) return;
        toast({
          title: 'Properties Not Added',
          description: errorMessage(error, 'Failed to add the properties. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <section aria-labelledby="notion-missing-heading" className="space-y-3 text-sm">
      <h3 id="notion-missing-heading" className="font-medium">
        Your database lacks {count}
      </h3>
      <p className="text-muted-foreground">
        Work logs are copied once the database has every property Hourbook fills.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {missing.map((property) => (
          <li key={property.name} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{property.name}</span>{' '}
            <span className="text-muted-foreground">({notionTypeLabel(property.type)})</span>
            {property.conflicting
              ? ` — exists with another type: rename it, or change its type to ${notionTypeLabel(property.type)}, in Notion.`
              : null}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={addMissing}
          loading={add.isPending}
          aria-disabled={blocked || undefined}
          aria-describedby={blocked ? 'notion-missing-blocked' : undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {add.isPending ? 'Adding...' : 'Add missing properties'}
        </Button>
        {blocked ? (
          <Button variant="outline" onClick={onCheckAgain} loading={checking}>
            {checking ? null : <RotateCw aria-hidden="true" />}
            Check again
          </Button>
        ) : null}
      </div>
      {blocked ? (
        <p id="notion-missing-blocked" className="text-muted-foreground">
          {BLOCKED_HINT}
        </p>
      ) : null}
    </section>
  );
}
