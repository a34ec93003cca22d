import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BrandColor } from '@/lib/brand-colors';
import { ColourDot, EmptyNote, RowsSkeleton } from './dashboard-card';
import { LoadError } from './load-error';

type ListQuery = {
  isPending: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

export type CardListRow = {
  key: number;
  color: BrandColor;
  name: string;
  detail: ReactNode;
  figures: ReactNode;
};

/** `rows` still undefined after loading means the read failed. */
export function CardList({
  query,
  rows,
  label,
  loadingLabel,
  skeletonRows,
  errorTitle,
  empty,
}: {
  query: ListQuery;
  rows: CardListRow[] | undefined;
  label: string;
  loadingLabel: string;
  skeletonRows?: number;
  errorTitle: string;
  empty: { icon: LucideIcon; title: string; hint: string };
}) {
  if (query.isPending) return <RowsSkeleton label={loadingLabel} rows={skeletonRows} />;
  if (!rows) return <LoadError title={errorTitle} query={query} />;
  if (rows.length === 0) return <EmptyNote {...empty} />;
  return (
    <ul aria-label={label} className="divide-y">
      {rows.map((row) => (
        <li key={row.key} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
          <ColourDot color={row.color} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={row.name}>
              {row.name}
            </p>
            <div className="text-muted-foreground text-xs tabular-nums">{row.detail}</div>
          </div>
          <div className="shrink-0 text-right text-sm tabular-nums">{row.figures}</div>
        </li>
      ))}
    </ul>
  );
}
