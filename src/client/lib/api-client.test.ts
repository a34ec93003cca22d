import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, hang, json, mockApi, noContent, offline } from '@/test/mock-api';
import {
  ApiError,
  apiRequest,
  getJson,
  NetworkError,
  onSessionEnded,
  sendForm,
  setWriteTimeoutForTests,
  WRITE_TIMEOUT_MS,
} from './api-client';

afterEach(() => {
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends a JSON body with a JSON content type and the session cookie', async () => {
    const api = mockApi({ 'POST /api/auth/login': {} });
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' });
    const [call] = api.calls();
    expect(call?.url).toBe('/api/auth/login');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({ email: 'a@b.co', password: 'x' });
    expect(api.fetch.mock.calls[0]![1]?.credentials).toBe('same-origin');
  });

  it('sends no body and no content type for a logout or a DELETE', async () => {
    const api = mockApi({
      'POST /api/auth/logout': { success: true },
      'DELETE /api/employers/1': noContent(),
    });
    await apiRequest('POST', '/api/auth/logout');
    await apiRequest('DELETE', '/api/employers/1');
    for (const call of api.calls()) {
      expect(call.body).toBeUndefined();
      expect(call.headers.has('Content-Type')).toBe(false);
    }
  });

  it('sends no body and no content type on a GET', async () => {
    const api = mockApi({ 'GET /api/employers': [] });
    await apiRequest('GET', '/api/employers');
    expect(api.calls()[0]?.body).toBeUndefined();
    expect(api.calls()[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('throws an error reading "{status}: {body text}" with the code and the server message', async () => {
    mockApi({
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Invalid email or password'),
    });
    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiErr = error as ApiError;
    expect(apiErr.message).toBe(
      '401: {"code":"invalid_credentials","message":"Invalid email or password"}',
    );
    expect(apiErr.status).toBe(401);
    expect(apiErr.code).toBe('invalid_credentials');
    expect(apiErr.serverMessage).toBe('Invalid email or password');
  });

  it('keeps the field errors of a validation failure', async () => {
    mockApi({
      'POST /api/employers': apiError(409, 'conflict', 'Taken', { name: 'Taken' }),
    });
    const error = (await apiRequest('POST', '/api/employers', {}).catch((e) => e)) as ApiError;
    expect(error.code).toBe('conflict');
    expect(error.errors).toEqual({ name: 'Taken' });
  });

  it('uses the status text when the body is empty, and a plain-text body as the message', async () => {
    mockApi({
      'GET /api/settings': new Response(null, { status: 503, statusText: 'Service Unavailable' }),
      'GET /api/employers': new Response('Bad gateway', { status: 502 }),
    });
    const empty = (await apiRequest('GET', '/api/settings').catch((e) => e)) as ApiError;
    expect(empty.message).toBe('503: Service Unavailable');
    expect(empty.code).toBeUndefined();
    const text = (await apiRequest('GET', '/api/employers').catch((e) => e)) as ApiError;
    expect(text.serverMessage).toBe('Bad gateway');
  });

  it('turns a network failure into a NetworkError', async () => {
    mockApi({ 'POST /api/employers': offline });
    const error = await apiRequest('POST', '/api/employers', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('offline');
  });

  it('gives up on a write that gets no answer within 15 seconds', async () => {
    vi.useFakeTimers();
    expect(WRITE_TIMEOUT_MS).toBe(15_000);
    mockApi({ 'PATCH /api/employers/1': hang });
    const result = apiRequest('PATCH', '/api/employers/1', { name: 'x' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
  });

  it('lets tests shorten the write timeout', async () => {
    const restore = setWriteTimeoutForTests(10);
    mockApi({ 'DELETE /api/employers/1': hang });
    await expect(apiRequest('DELETE', '/api/employers/1')).rejects.toBeInstanceOf(NetworkError);
    restore();
  });
});

describe('sendForm', () => {
  it('sends the form as it is, with the session cookie and no content type of its own', async () => {
    const api = mockApi({
      'POST /api/auth/upload-profile-image': { success: true, imageUrl: '/x' },
    });
    const form = new FormData();
    form.append('profileImage', new Blob(['jpeg'], { type: 'image/jpeg' }), 'profile.jpg');
    await expect(sendForm('POST', '/api/auth/upload-profile-image', form)).resolves.toEqual({
      success: true,
      imageUrl: '/x',
    });
    const init = api.fetch.mock.calls[0]![1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    expect(init?.credentials).toBe('same-origin');
    expect(api.calls()[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('throws the server refusal as an ApiError with its code and message', async () => {
    mockApi({
      'POST /api/auth/upload-profile-image': apiError(
        413,
        'too_large',
        'Please select an image smaller than 5MB',
      ),
    });
    const error = (await sendForm('POST', '/api/auth/upload-profile-image', new FormData()).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(413);
    expect(error.code).toBe('too_large');
    expect(error.serverMessage).toBe('Please select an image smaller than 5MB');
  });

  it('turns no network, or no answer in time, into a NetworkError', async () => {
    mockApi({ 'POST /api/offline': offline, 'POST /api/hang': hang });
    const down = await sendForm('POST', '/api/offline', new FormData()).catch((e: unknown) => e);
    expect((down as NetworkError).reason).toBe('offline');
    const restore = setWriteTimeoutForTests(10);
    const slow = await sendForm('POST', '/api/hang', new FormData()).catch((e: unknown) => e);
    restore();
    expect(slow).toBeInstanceOf(NetworkError);
    expect((slow as NetworkError).reason).toBe('timeout');
  });
});

describe('a session that ended', () => {
  it('is reported for a 401 on a write or a read, not for a wrong password', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockApi({
      'POST /api/employers': apiError(401, 'unauthenticated', 'Please sign in to continue'),
      'GET /api/settings': apiError(401, 'unauthenticated', 'Please sign in to continue'),
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Invalid email or password'),
    });
    await apiRequest('POST', '/api/employers', {}).catch(() => {});
    await expect(getJson('/api/settings', { on401: 'returnNull' })).resolves.toBeNull();
    await apiRequest('POST', '/api/auth/login', {}).catch(() => {});
    expect(ended).toHaveBeenCalledTimes(2);
    stop();
  });

  it('is not reported by a background poll: the next thing the user does finds it', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    mockApi({ 'GET /api/timer': apiError(401, 'unauthenticated', 'Please sign in to continue') });
    await expect(
      getJson('/api/timer', { on401: 'returnNull', background: true }),
    ).resolves.toBeNull();
    expect(ended).not.toHaveBeenCalled();
    await getJson('/api/timer', { on401: 'returnNull' });
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('getJson', () => {
  it('returns the parsed body', async () => {
    mockApi({ 'GET /api/employers': json([{ id: 1 }]) });
    await expect(getJson('/api/employers', { on401: 'throw' })).resolves.toEqual([{ id: 1 }]);
  });

  it('throws for a 401 when asked to', async () => {
    mockApi({ 'GET /api/settings': new Response('', { status: 401, statusText: 'Unauthorized' }) });
    await expect(getJson('/api/settings', { on401: 'throw' })).rejects.toThrow('401: Unauthorized');
  });
});
