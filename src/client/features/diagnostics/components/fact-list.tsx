import { CircleAlert, CircleCheck, CircleMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Tone } from './diagnostics-labels';

type FactCardProps = { title: string; description: string; children: ReactNode };

export function FactCard({ title, description, children }: FactCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">{children}</dl>
      </CardContent>
    </Card>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="min-w-0 font-medium text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const tones = {
  good: { variant: 'active', Icon: CircleCheck },
  warn: { variant: 'pending', Icon: CircleAlert },
  off: { variant: 'outline', Icon: CircleMinus },
} as const;

/** A state in words; the colour and icon only repeat what the words say. */
export function StatusBadge({ text, tone }: { text: string; tone: Tone }) {
  const { variant, Icon } = tones[tone];
  return (
    <Badge variant={variant}>
      <Icon className="size-3.5" aria-hidden="true" />
      {text}
    </Badge>
  );
}
