import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToasterOnceNeeded } from './toaster-once-needed';
import { resetToasts, toast } from './use-toast';

afterEach(() => {
  act(() => resetToasts());
});

describe('the toaster once needed', () => {
  it('renders nothing (no notification area) until a toast comes, then shows it', async () => {
    render(<ToasterOnceNeeded />);
    expect(screen.queryByRole('region', { name: /notifications/i })).not.toBeInTheDocument();
    act(() => {
      toast({ title: 'Work log saved' });
    });
    // The first toast loads the toaster's code (in a test, compiled then: give it time).
    expect(await screen.findByText('Work log saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /notifications \(F8\)/i })).toBeInTheDocument();
  });

  it('shows a toast raised before it was rendered', async () => {
    act(() => {
      toast({ title: 'Signed out', description: 'Your session ended' });
    });
    render(<ToasterOnceNeeded />);
    expect(
      await screen.findByText('Your session ended', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('when warm, is there once the browser is idle, before any toast', async () => {
    render(<ToasterOnceNeeded warm />);
    expect(
      await screen.findByRole('region', { name: /notifications \(F8\)/i }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
