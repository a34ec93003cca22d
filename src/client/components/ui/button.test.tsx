import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('the button', () => {
  it('is a non-submitting button unless told otherwise', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  it('is disabled and busy while loading', () => {
    render(<Button loading>Saving...</Button>);
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('lends its look to a link with asChild', () => {
    render(
      <Button asChild variant="outline">
        <a href="/employers">Employers</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Employers' });
    expect(link).toHaveClass('border');
    expect(link).toHaveClass('focus-visible:ring-2');
  });
});
