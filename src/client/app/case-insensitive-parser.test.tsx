import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Parser, Route, Router, Switch, useRouter } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { caseInsensitive, samePath } from './case-insensitive-parser';
import { CaseInsensitiveRouter } from './case-insensitive-router';

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <CaseInsensitiveRouter>
        <Switch>
          <Route path="/employers">employers page</Route>
          <Route path="/work-logs/:id">work log {':id'}</Route>
          <Route>not found</Route>
        </Switch>
      </CaseInsensitiveRouter>
    </Router>,
  );
}

describe('case-insensitive routing', () => {
  it('opens /employers for /EMPLOYERS', () => {
    renderAt('/EMPLOYERS');
    expect(screen.getByText('employers page')).toBeInTheDocument();
  });

  it('opens /employers for mixed case /Employers', () => {
    renderAt('/Employers');
    expect(screen.getByText('employers page')).toBeInTheDocument();
  });

  it('still shows not found for a path that is not in the table', () => {
    renderAt('/EMPLOYERSX');
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  it('keeps route parameters as typed', () => {
    const parser = caseInsensitive(defaultParser());
    const { pattern, keys } = parser('/work-logs/:id');
    const match = pattern.exec('/WORK-LOGS/AbC');
    expect(match?.[1]).toBe('AbC');
    expect(keys).toEqual(['id']);
  });

  it('makes a case-sensitive parser match any case', () => {
    const exact: Parser = (route) => ({ pattern: new RegExp(`^${route}/?$`), keys: [] });
    expect(exact('/employers').pattern.exec('/EMPLOYERS')).toBeNull();
    expect(caseInsensitive(exact)('/employers').pattern.exec('/EMPLOYERS')).not.toBeNull();
  });

  it('compares paths for the active link without case or a trailing slash', () => {
    expect(samePath('/Work-Logs/', '/work-logs')).toBe(true);
    expect(samePath('/', '/')).toBe(true);
    expect(samePath('/employers', '/')).toBe(false);
  });
});

let grabbed: Parser | undefined;
function GrabParser() {
  grabbed = useRouter().parser;
  return null;
}

/** wouter's own parser, as a component outside any <Router> sees it. */
function defaultParser(): Parser {
  render(<GrabParser />);
  return grabbed!;
}
