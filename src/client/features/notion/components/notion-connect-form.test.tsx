import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeNotionStatus } from '@/test/fixtures';
import { apiError, hang, offline, type Routes } from '@/test/mock-api';
import { findToast } from '@/test/render';
import { notionNotConnected, renderNotionCard } from './notion-card.test-helpers';

const DATABASE_ID = '1f2e3d4c-5b6a-7980-a1b2-c3d4e5f60718';
const DATABASE_LINK = 'https://www.notion.so/acme/Shifts-1f2e3d4c5b6a7980a1b2c3d4e5f60718?v=42';

async function openIntegrations(routes: Routes = {}) {
  const page = renderNotionCard(routes);
  await screen.findByRole('button', { name: /Connect Notion/ });
  return page;
}

async function fillAndConnect(token: string, database: string) {
  if (token) await userEvent.type(screen.getByLabelText('Integration token'), token);
  if (database) await userEvent.type(screen.getByLabelText('Database link or ID'), database);
  await userEvent.click(screen.getByRole('button', { name: 'Connect Notion' }));
}

describe('connecting Notion', () => {
  it('explains the mirror and how to get a token, with labelled fields', async () => {
    await openIntegrations();
    const panel = screen.getByRole('region', { name: 'Integrations' });
    expect(within(panel).getByRole('heading', { name: 'Notion' })).toBeInTheDocument();
    expect(panel).toHaveTextContent(/copied to a page in your Notion database/);
    expect(panel).toHaveTextContent(/Hourbook stays the source/);
    expect(panel).toHaveTextContent(/Internal Integration Secret/);
    expect(panel).toHaveTextContent(/••• → Connections/);
    const integrations = within(panel).getByRole('link', { name: /notion\.so\/my-integrations/ });
    expect(integrations).toHaveAttribute('href', 'https://www.notion.so/my-integrations');
    expect(integrations).toHaveAttribute('target', '_blank');
    expect(integrations).toHaveAttribute('rel', 'noreferrer');

    const token = within(panel).getByLabelText('Integration token');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveAttribute('autocomplete', 'off');
    expect(within(panel).getByLabelText('Database link or ID')).toHaveAccessibleDescription(
      /copy its link/,
    );
    // Every control has an accessible name.
    const named = (role: 'button' | 'link' | 'textbox') =>
      expect(within(panel).getAllByRole(role, { name: /\S/ })).toHaveLength(
        within(panel).getAllByRole(role).length,
      );
    named('button');
    named('link');
    named('textbox');
  });

  it('shows and hides the token', async () => {
    await openIntegrations();
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Integration token')).toHaveAttribute('type', 'text');
  });

  it('sends the token and the database id from its link, then shows the connection', async () => {
    const connected = makeNotionStatus({ synced: 0, total: 3, pending: 3 });
    let status = notionNotConnected;
    const { api } = await openIntegrations({
      'GET /api/notion': () => status,
      'POST /api/notion/connect': () => {
        status = connected;
        return connected;
      },
    });
    await fillAndConnect('ntn_secret', DATABASE_LINK);

    expect(await findToast('Notion Connected')).toHaveTextContent(
      'Connected to Shifts. Your work logs are being copied in the background.',
    );
    expect(api.calls('POST /api/notion/connect').map((call) => call.body)).toEqual([
      { token: 'ntn_secret', database: DATABASE_ID },
    ]);
    const panel = screen.getByRole('region', { name: 'Integrations' });
    expect(within(panel).getByText(/Connected to/)).toHaveTextContent('Connected to Shifts');
    expect(
      within(panel).getByRole('progressbar', { name: '0 of 3 work logs in Notion' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Integration token')).not.toBeInTheDocument();
  });

  it('checks the form first: messages from the schema, nothing sent', async () => {
    const { api } = await openIntegrations();
    await fillAndConnect('', 'not a database');
    expect(
      await screen.findByText('Please enter your Notion integration token'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Database link or ID')).toHaveAccessibleDescription(
      /Please enter the link or ID of a Notion database/,
    );
    expect(api.calls('POST /api/notion/connect')).toHaveLength(0);
  });

  it('shows a refused token under its field and keeps the input', async () => {
    const message = 'Notion did not accept this token. Copy it again from your integration’s page.';
    await openIntegrations({
      'POST /api/notion/connect': apiError(
        400,
        'validation_failed',
        'Notion did not accept this token.',
        {
          token: message,
        },
      ),
    });
    await fillAndConnect('ntn_wrong', DATABASE_ID);
    const token = screen.getByLabelText('Integration token');
    await waitFor(() => expect(token).toHaveAttribute('aria-invalid', 'true'));
    expect(token).toHaveAccessibleDescription(message);
    expect(token).toHaveFocus();
    expect(token).toHaveValue('ntn_wrong');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('shows a database Notion cannot see under its field', async () => {
    const message =
      'Notion cannot find this database. Share it with your integration (••• → Connections) and check the link.';
    await openIntegrations({
      'POST /api/notion/connect': apiError(404, 'not_found', message, { database: message }),
    });
    await fillAndConnect('ntn_secret', DATABASE_LINK);
    const database = screen.getByLabelText('Database link or ID');
    await waitFor(() =>
      expect(database).toHaveAccessibleDescription(new RegExp(message.slice(0, 40))),
    );
    expect(database).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so above the button when Notion cannot be reached', async () => {
    await openIntegrations({
      'POST /api/notion/connect': apiError(
        503,
        'server_busy',
        'Notion could not be reached: timed out',
      ),
    });
    await fillAndConnect('ntn_secret', DATABASE_ID);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notion could not be reached: timed out',
    );
  });

  it('says so when the server cannot be reached', async () => {
    await openIntegrations({ 'POST /api/notion/connect': offline });
    await fillAndConnect('ntn_secret', DATABASE_ID);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expect(screen.getByLabelText('Integration token')).toHaveValue('ntn_secret');
  });

  it('shows Connecting... and sends once while the server checks', async () => {
    const { api } = await openIntegrations({ 'POST /api/notion/connect': hang });
    await fillAndConnect('ntn_secret', DATABASE_ID);
    const busy = await screen.findByRole('button', { name: 'Connecting...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(busy);
    expect(api.calls('POST /api/notion/connect')).toHaveLength(1);
  });
});

describe('loading the Notion connection', () => {
  it('shows a loading state while the status is read', async () => {
    renderNotionCard({ 'GET /api/notion': hang });
    expect(screen.getByRole('status')).toHaveTextContent('Loading Notion connection');
    expect(screen.queryByLabelText('Integration token')).not.toBeInTheDocument();
  });

  it('says when the status cannot be read, and reads it again on Retry', async () => {
    const { api } = renderNotionCard({
      'GET /api/notion': apiError(500, 'internal_error', 'Boom'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the Notion connection.');
    api.use({ 'GET /api/notion': notionNotConnected });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Integration token')).toBeInTheDocument();
  });
});
