import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { findToast, notifications } from '@/test/render';
import { ApiError } from './api-client';
import { useAutosave } from './use-autosave';
import { useSaveState } from './use-save-state';

afterEach(() => vi.useRealTimers());

describe('a save button', () => {
  it('shows Saved for closeAfterMs and is idle again when told to reset then', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSaveState({ errorResetMs: 3000, closeAfterMs: 2000 }));
    act(() => result.current.start());
    act(() => result.current.succeed(result.current.reset));
    expect(result.current.state).toBe('saved');
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.state).toBe('saved');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toBe('idle');
  });
});

/** A send whose answer the test gives: `answer.ok()` or `answer.fail(error)`. */
function controlledSend() {
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const send = vi.fn(
    (_body: object) =>
      new Promise<void>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const next = () => {
    const first = pending.shift();
    if (!first) throw new Error('no save under way');
    return first;
  };
  return {
    send,
    ok: () => act(async () => next().resolve()),
    fail: (error: unknown = new Error('boom')) => act(async () => next().reject(error)),
  };
}

const failureToast = (error: unknown) => ({
  title: 'Not saved',
  description: `Failed: ${(error as Error).message}`,
  variant: 'destructive' as const,
});

function renderAutosave(send: (body: object) => Promise<unknown>) {
  const hook = renderHook(() => useAutosave(send, failureToast), {
    wrapper: ({ children }) => (
      <>
        {children}
        <Toaster />
      </>
    ),
  });
  const save = (body: object) => {
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = hook.result.current.save(body).catch(() => {});
    });
    return done;
  };
  return { hook, save, status: () => hook.result.current.status };
}

describe("a tab's autosaves", () => {
  it('say nothing before a save, saving while any is under way, then saved', async () => {
    const api = controlledSend();
    const { save, status } = renderAutosave(api.send);
    expect(status()).toBe('idle');
    save({ firstName: 'Ada' });
    save({ currency: 'EUR' });
    expect(status()).toBe('saving');
    await api.ok();
    expect(status()).toBe('saving');
    await api.ok();
    expect(status()).toBe('saved');
  });

  it("keep an error until that field saves again; another field's success does not clear it", async () => {
    const api = controlledSend();
    const { save, status } = renderAutosave(api.send);
    save({ firstName: 'Ada' });
    await api.fail(new Error('offline'));
    expect(status()).toBe('error');
    expect(await findToast('Failed: offline')).toHaveTextContent('Not saved');

    save({ currency: 'EUR' });
    await api.ok();
    expect(status()).toBe('error');

    save({ firstName: 'Ada' });
    await api.ok();
    expect(status()).toBe('saved');
  });

  it('show no toast when the session ended (the sign-out says so), and still reject', async () => {
    const api = controlledSend();
    const { hook, status } = renderAutosave(api.send);
    let rejected: unknown;
    act(() => {
      hook.result.current.save({ firstName: 'Ada' }).catch((error: unknown) => {
        rejected = error;
      });
    });
    const ended = new ApiError(401, '{"code":"unauthenticated","message":"Signed out"}', '');
    await api.fail(ended);
    expect(rejected).toBe(ended);
    expect(status()).toBe('error');
    expect(notifications()).not.toHaveTextContent('Not saved');
    expect(screen.queryByText(/Failed:/)).not.toBeInTheDocument();
  });
});
