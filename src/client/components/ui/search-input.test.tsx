import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input';

describe('the search input', () => {
  it('is a search box named by its label, hidden or shown', () => {
    const { rerender } = render(
      <SearchInput id="s" label="Search employers" hideLabel placeholder="Search employers..." />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search employers' });
    expect(box).toHaveAttribute('placeholder', 'Search employers...');
    expect(screen.getByText('Search employers')).toHaveClass('sr-only');
    rerender(<SearchInput id="s" label="Search Logs" />);
    expect(screen.getByText('Search Logs')).not.toHaveClass('sr-only');
  });

  it('reports what is typed', async () => {
    const onChange = vi.fn();
    render(<SearchInput id="s" label="Search employers" onChange={onChange} />);
    await userEvent.type(screen.getByRole('searchbox'), 'café');
    expect(onChange).toHaveBeenCalledTimes(4);
  });

  it('shows an error, invalid and described by it', () => {
    render(<SearchInput id="s" label="Search employers" error="Type at most 100 characters" />);
    const box = screen.getByRole('searchbox', { name: 'Search employers' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Type at most 100 characters');
  });
});
