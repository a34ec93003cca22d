import { useSyncExternalStore } from 'react';
import { Fact, FactCard, StatusBadge } from './fact-list';

function subscribeToOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(subscribeToOnline, () => navigator.onLine);
}

/** What this browser says about itself: these need no server, so they show in every state. */
export function BrowserFacts() {
  const online = useOnline();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Unknown';
  return (
    <FactCard title="This browser" description="Read from the browser, not the server.">
      <Fact term="Time zone">{timeZone}</Fact>
      <Fact term="Network">
        <StatusBadge text={online ? 'Online' : 'Offline'} tone={online ? 'good' : 'warn'} />
      </Fact>
    </FactCard>
  );
}
