import { type core, z } from 'zod';

// zod's own messages are for developers.

export const NOT_AN_OBJECT = 'Send the details as a JSON object';

/** Names whose words are not simply the field name split at its capitals. */
const LABELS: Record<string, string> = {
  v: 'The picture version',
  id: 'The id',
  employerId: 'The employer',
  timesheetId: 'The timesheet',
  emailTo: 'The recipient',
  to: 'The recipient',
};

function humanise(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'This value';
}

function labelOf(path: readonly PropertyKey[]): string {
  const last = path.at(-1);
  if (typeof last === 'number') {
    const list = path.findLast((p) => typeof p === 'string');
    return list ? `Each item in ${humanise(String(list)).toLowerCase()}` : 'Each item';
  }
  if (typeof last !== 'string') return 'This value';
  return LABELS[last] ?? humanise(last);
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'a group of fields (a JSON object)',
  record: 'a group of fields (a JSON object)',
  date: 'a date',
};

const sizeWord = (origin: string | undefined) =>
  origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' items' : '';

export function productMessage(issue: core.$ZodRawIssue): string {
  const path = issue.path ?? [];
  const label = labelOf(path);
  switch (issue.code) {
    case 'invalid_type': {
      if (path.length === 0 && issue.expected === 'object') return NOT_AN_OBJECT;
      if (issue.input === undefined) return `${label} is required`;
      return `${label} must be ${KINDS[issue.expected] ?? 'of another kind'}`;
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
      return values.length === 1
        ? `${label} must be ${values[0]}`
        : `${label} must be one of: ${values.join(', ')}`;
    }
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) <= 1)
        return `${label} cannot be empty`;
      return `${label} must be at least ${issue.minimum}${sizeWord(issue.origin)}`;
    }
    case 'too_big':
      return `${label} must be at most ${issue.maximum}${sizeWord(issue.origin)}`;
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_format':
      return `${label} is not in a valid format`;
    default:
      return `${label} is not valid`;
  }
}

export function installProductValidationMessages(): void {
  z.config({ customError: productMessage });
}
