import { type ReactNode, useMemo } from 'react';
import { Router, useRouter } from 'wouter';
import { caseInsensitive } from './case-insensitive-parser';

/** A router whose paths match in any case; it wraps whatever parser the parent router has. */
export function CaseInsensitiveRouter({ children }: { children: ReactNode }) {
  const { parser } = useRouter();
  const ciParser = useMemo(() => caseInsensitive(parser), [parser]);
  return <Router parser={ciParser}>{children}</Router>;
}
