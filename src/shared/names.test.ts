import { describe, expect, it } from 'vitest';
import { displayName, fullName } from './names.ts';

describe('displayName', () => {
  it('is the full name, else the e-mail address, else User', () => {
    expect(displayName({ firstName: 'Ana', lastName: 'Lee', email: 'a@b.co' })).toBe('Ana Lee');
    expect(displayName({ firstName: 'Ana', lastName: null, email: 'a@b.co' })).toBe('Ana');
    expect(displayName({ firstName: null, lastName: 'Lee', email: 'a@b.co' })).toBe('Lee');
    expect(displayName({ firstName: null, lastName: null, email: 'a@b.co' })).toBe('a@b.co');
    expect(displayName({ firstName: ' ', lastName: null, email: '' })).toBe('User');
  });

  it('trims each part, so blanks never make a name', () => {
    expect(displayName({ firstName: ' Ana ', lastName: '  ', email: 'a@b.co' })).toBe('Ana');
    expect(fullName({ firstName: '  ', lastName: '\t' })).toBe('');
  });
});
