import { type ReactNode, useMemo } from 'react';
import { Router, useRouter } from 'wouter';
import { caseInsensitive } from './case-insensitive-parser';

export function CaseInsensitiveRouter({ children }: { children: ReactNode }) {
  const { parser } = useRouter();
  const ciParser = useMemo(() => caseInsensitive(parser), [parser]);
  return <Router parser={ciParser}>{children}</Router>;
}
