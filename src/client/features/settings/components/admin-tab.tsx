import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** SPEC.md §2 Admin, as far as this version goes: what an administrator can do and how. */
export function AdminTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Administrator</CardTitle>
        <CardDescription>You are an administrator of this Hourbook.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          Temporary passwords for users are generated and e-mailed from here once a mail account is
          connected.
        </p>
        <p>
          Meanwhile, administrators are managed on the server:{' '}
          <Command>npm run admin -- grant EMAIL</Command> makes someone an administrator and{' '}
          <Command>npm run admin -- revoke EMAIL</Command> takes it back.
        </p>
      </CardContent>
    </Card>
  );
}

function Command({ children }: { children: string }) {
  return (
    <code className="whitespace-nowrap rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
      {children}
    </code>
  );
}
