import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useDownloadAccountData } from '../api/download-account-data';

/** A copy of everything the account holds, as one JSON file. */
export function YourDataCard() {
  const download = useDownloadAccountData();

  function start() {
    download.mutate(undefined, {
      onError: (error) => {
        if (isSessionEnded(error)) return;
        toast({
          title: 'Download failed',
          description: errorMessage(error, 'Could not download your data. Please try again.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Your profile, settings, employers, work logs and timesheets in one JSON file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={start} loading={download.isPending}>
          {download.isPending ? null : <Download aria-hidden="true" />}
          {download.isPending ? 'Preparing download…' : 'Download my data'}
        </Button>
      </CardContent>
    </Card>
  );
}
