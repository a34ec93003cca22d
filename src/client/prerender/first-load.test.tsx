import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { apiError, mockApi } from '@/test/mock-api';
import { findToast, notifications } from '@/test/render';
import type { InitialSession } from '../app/session-bootstrap';

// The app chunk (TanStack Query, the gate, the signed-in pages) stands in as a marker, so the
// tests see whether the first page loaded it, and with which session it started.
const app = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('../app/app', async () => {
  app.loaded++;
  // From the same module graph as the page (the tests reset modules), as the real app does.
  const { Toaster } = await import('@/components/ui/toaster');
  return {
    default: ({ initialSession }: { initialSession?: InitialSession }) => (
      <>
        <p>The app, for {initialSession?.user?.email ?? 'nobody'}</p>
        <Toaster />
      </>
    ),
  };
});

const lazy = { timeout: 5000 };
const user = makeUser({ email: 'sam@example.com' });
const signedOut = apiError(401, 'unauthenticated', 'Please sign in to continue');

/** A fresh root module, so the one GET /api/auth/me per page load is asked again. */
async function loadRoot() {
  vi.resetModules();
  return import('../app/root');
}

function openAt(path: string) {
  window.history.replaceState(null, '', path);
}

async function signIn() {
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  app.loaded = 0;
});

afterEach(() => {
  openAt('/');
  document.title = '';
});

describe('a first visit to a public page', () => {
  it('shows the sign-in form on /login without loading the app', async () => {
    const api = mockApi({ 'GET /api/auth/me': signedOut });
    openAt('/login');
    const { Root } = await loadRoot();
    render(<Root />);
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, lazy)).toBeVisible();
    expect(api.calls('GET /api/auth/me')).toHaveLength(1);
    expect(app.loaded).toBe(0);
    await waitFor(() => expect(document.title).toBe('Sign in · Hourbook'));
  });

  it('shows the sign-up form on /register, in any case, without loading the app', async () => {
    mockApi({ 'GET /api/auth/me': signedOut });
    openAt('/Register/');
    const { Root } = await loadRoot();
    render(<Root />);
    expect(await screen.findByRole('heading', { name: 'Create your account' }, lazy)).toBeVisible();
    expect(app.loaded).toBe(0);
  });

  it('starts the app with the user once they sign in, and says welcome there', async () => {
    const api = mockApi({ 'GET /api/auth/me': signedOut, 'POST /api/auth/login': { user } });
    openAt('/login?next=%2Femployers');
    const { Root } = await loadRoot();
    render(<Root />);
    await screen.findByRole('heading', { name: 'Welcome back' }, lazy);
    await signIn();

    expect(await screen.findByText('The app, for sam@example.com', {}, lazy)).toBeVisible();
    expect(window.location.pathname).toBe('/employers');
    await waitFor(() => notifications());
    expect(await findToast('Login successful')).toHaveTextContent('Welcome back!');
    // The app was handed the user: it did not ask the server again.
    expect(api.calls('GET /api/auth/me')).toHaveLength(1);
    expect(document.title).toBe('Hourbook');
  });

  it('shows a refused sign-in in a toast before the app is loaded', async () => {
    mockApi({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Invalid email or password'),
    });
    openAt('/login');
    const { Root } = await loadRoot();
    render(<Root />);
    await screen.findByRole('heading', { name: 'Welcome back' }, lazy);
    await signIn();
    // The notification area is fetched with the first toast.
    await waitFor(() => notifications(), lazy);
    expect(await findToast('Login failed')).toHaveTextContent('Invalid email or password');
    expect(app.loaded).toBe(0);
  });

  it('starts the app for a signed-in user on /login', async () => {
    mockApi({ 'GET /api/auth/me': { user } });
    openAt('/login');
    const { Root } = await loadRoot();
    render(<Root />);
    expect(await screen.findByText('The app, for sam@example.com', {}, lazy)).toBeVisible();
  });

  it('starts the app for a signed-out visitor on the forgot-password page', async () => {
    mockApi({ 'GET /api/auth/me': signedOut });
    openAt('/forgot-password');
    const { Root } = await loadRoot();
    render(<Root />);
    expect(await screen.findByText('The app, for nobody', {}, lazy)).toBeVisible();
  });
});

describe('a page rendered at build time', () => {
  let root: ReactRoot | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.replaceChildren();
  });

  /** The HTML scripts/prerender.mjs writes into #root for `page`. */
  async function renderedHtml(page: 'login' | 'register') {
    const { RootRoutes } = await loadRoot();
    const { prelude } = await prerender(
      <StrictMode>
        <RootRoutes prerendered={page} />
      </StrictMode>,
    );
    return new Response(prelude).text();
  }

  it('is hydrated as it is, keeps what was typed, and asks no one who is signed in', async () => {
    const api = mockApi({});
    const html = await renderedHtml('login');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const email = container.querySelector<HTMLInputElement>('#login-email');
    if (!email) throw new Error('The rendered page has no e-mail field');
    expect(email).toBeDisabled();
    email.value = 'typed@example.com'; // before the script runs
    const mismatches = vi.fn();
    const errors = vi.spyOn(console, 'error');

    // The address carries a query string the HTML was rendered without.
    openAt('/login?reason=session-ended');
    const { Root } = await loadRoot();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <Root prerendered="login" />
        </StrictMode>,
        { onRecoverableError: mismatches },
      );
    });

    await waitFor(() => expect(screen.getByLabelText('Email')).toBeEnabled(), lazy);
    expect(screen.getByLabelText('Email')).toBe(email);
    expect(email.value).toBe('typed@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended.');
    expect(mismatches).not.toHaveBeenCalled();
    // Rendering to HTML and hydrating in one JavaScript realm makes React's development build
    // warn that two renderers share a context; the build script and the browser never do.
    const twoRenderers = /multiple renderers concurrently rendering the same context/;
    expect(errors.mock.calls.filter(([message]) => !twoRenderers.test(String(message)))).toEqual(
      [],
    );
    expect(api.calls('GET /api/auth/me')).toHaveLength(0);
    expect(app.loaded).toBe(0);
  });

  it('renders the sign-up form disabled until the page script runs', async () => {
    const container = document.createElement('div');
    container.innerHTML = await renderedHtml('register');
    expect(container.querySelector('h1')?.textContent).toBe('Create your account');
    expect(container.querySelector('fieldset')?.disabled).toBe(true);
  });
});
