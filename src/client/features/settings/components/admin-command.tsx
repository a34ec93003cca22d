/** A command an administrator runs on the server, shown as code. */
export function AdminCommand({ children }: { children: string }) {
  return (
    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs [overflow-wrap:anywhere]">
      {children}
    </code>
  );
}
