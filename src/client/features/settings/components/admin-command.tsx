/** A command an administrator runs on the server, shown as code. */
export function AdminCommand({ children }: { children: string }) {
  return (
    <code className="whitespace-nowrap rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
      {children}
    </code>
  );
}
