import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ToasterOnceNeeded } from '@/components/ui/toaster-once-needed';
import { meQueryKey } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { AuthGate } from './auth-gate';
import type { InitialSession } from './session-bootstrap';

/** The data layer and the route gate; loaded for every screen but the signed-out landing page. */
export default function App({ initialSession }: { initialSession?: InitialSession }) {
  // The boot request already answered: seed the cache so the gate does not ask again.
  useState(() => {
    if (initialSession && !initialSession.failed && !queryClient.getQueryData(meQueryKey)) {
      queryClient.setQueryData(meQueryKey, initialSession.user);
    }
  });
  return (
    <QueryClientProvider client={queryClient}>
      <AuthGate signedInHere={initialSession?.signedInHere === true} />
      <ToasterOnceNeeded warm />
    </QueryClientProvider>
  );
}
