/**
 * The one Gmail API call Hourbook makes: send a complete MIME message as the user
 * (users.messages.send, media upload: the raw message/rfc822 bytes, up to 35 MB).
 * The base URL comes from configuration (GMAIL_API_URL), so tests send to a loopback fake.
 */

const SEND_TIMEOUT_MS = 60_000;

/** Gmail's answer to a send it did not take. */
export class GmailApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GmailApiError';
  }

  /** 401: the access token is no good (expired early, revoked): refresh and try once more. */
  get unauthorized(): boolean {
    return this.status === 401;
  }

  /** Rate limits and server trouble pass; anything else in 4xx will not change by retrying. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 408 || this.status >= 500;
  }
}

/** Gmail's error text: `{ error: { message } }`, else the status line. */
async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    if (typeof message === 'string' && message) return message.slice(0, 300);
  } catch {
    // not JSON
  }
  return `Gmail answered ${response.status} ${response.statusText}`.trim();
}

export async function sendRawMessage(
  apiUrl: string,
  accessToken: string,
  raw: Buffer,
  signal: AbortSignal,
): Promise<{ id: string | undefined }> {
  const response = await fetch(
    `${apiUrl}/upload/gmail/v1/users/me/messages/send?uploadType=media`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'message/rfc822' },
      body: new Uint8Array(raw),
      signal: AbortSignal.any([signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
    },
  );
  if (!response.ok) throw new GmailApiError(response.status, await errorText(response));
  const body = (await response.json().catch(() => ({}))) as { id?: unknown };
  return { id: typeof body.id === 'string' ? body.id : undefined };
}
