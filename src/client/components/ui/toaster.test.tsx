import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './toaster';
import { resetToasts, SUCCESS_TOAST_DURATION, TOAST_DURATION, toast } from './use-toast';

afterEach(() => {
  act(() => resetToasts());
});

describe('the toaster', () => {
  it('keeps only the newest toast visible', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First toast' });
      toast({ title: 'Second toast', variant: 'destructive' });
    });
    expect(screen.queryByText('First toast')).not.toBeInTheDocument();
    expect(screen.getByText('Second toast')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('shows a title and a description', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Login failed', description: 'Invalid email or password' });
    });
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
  });

  it('labels the notification area with its F8 hotkey', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /notifications \(F8\)/i })).toBeInTheDocument();
  });

  it('shows toasts for 5 s, success toasts between 4 and 5 s', () => {
    expect(TOAST_DURATION).toBe(5000);
    expect(SUCCESS_TOAST_DURATION).toBeGreaterThanOrEqual(4000);
    expect(SUCCESS_TOAST_DURATION).toBeLessThanOrEqual(5000);
  });
});
