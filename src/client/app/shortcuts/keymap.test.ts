import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createShortcutHandler,
  SEQUENCE_TIMEOUT_MS,
  type ShortcutCommand,
  shortcutList,
} from './keymap';

afterEach(() => {
  document.body.innerHTML = '';
});

function setup({ timer = false } = {}) {
  const ran: ShortcutCommand[] = [];
  let clock = 1_000;
  const handler = createShortcutHandler({
    run: (command) => ran.push(command),
    hasTimer: () => timer,
    now: () => clock,
  });
  document.addEventListener('keydown', handler);
  const press = (key: string, target: Element = document.body, init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    target.dispatchEvent(event);
    return event;
  };
  const wait = (ms: number) => {
    clock += ms;
  };
  const cleanup = () => document.removeEventListener('keydown', handler);
  return { ran, press, wait, cleanup };
}

const kinds = (ran: ShortcutCommand[]) =>
  ran.map((c) => (c.kind === 'go' ? `go:${c.target.path}` : c.kind));

describe('the keyboard shortcuts', () => {
  it('n, /, ? and g then a letter, each taking the key from the page', () => {
    const { ran, press, cleanup } = setup();
    expect(press('n').defaultPrevented).toBe(true);
    press('/');
    press('?', document.body, { shiftKey: true });
    press('g');
    press('e');
    press('g');
    press('d');
    press('g');
    press('p');
    press('g');
    press('k');
    press('g');
    press('c');
    expect(kinds(ran)).toEqual([
      'new',
      'search',
      'help',
      'go:/employers',
      'go:/',
      'go:/pay',
      'go:/work-logs/week',
      'go:/calendar',
    ]);
    cleanup();
  });

  it('fires none while typing in a field, a text area, a list or an editable region', () => {
    const { ran, press, cleanup } = setup();
    const fields = [
      document.createElement('input'),
      document.createElement('textarea'),
      document.createElement('select'),
    ];
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inside = document.createElement('span');
    editable.append(inside);
    for (const field of [...fields, editable]) document.body.append(field);
    for (const target of [...fields, inside]) {
      for (const key of ['n', '/', '?', 't', 'g', 'e']) {
        expect(press(key, target).defaultPrevented).toBe(false);
      }
    }
    // `g` typed in a field does not arm the sequence for a letter typed on the page.
    press('g', fields[0]);
    press('e');
    expect(ran).toEqual([]);
    cleanup();
  });

  it('fires none while a dialog or a menu is open', () => {
    const { ran, press, cleanup } = setup();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    press('n');
    press('?');
    dialog.setAttribute('role', 'menu');
    press('g');
    press('s');
    expect(ran).toEqual([]);
    dialog.remove();
    press('n');
    expect(kinds(ran)).toEqual(['new']);
    cleanup();
  });

  it('lets g lapse after its time, or when another key comes between', () => {
    const { ran, press, wait, cleanup } = setup();
    press('g');
    wait(SEQUENCE_TIMEOUT_MS + 1);
    press('e');
    press('g');
    press('x');
    press('e');
    press('g');
    wait(SEQUENCE_TIMEOUT_MS);
    press('w');
    expect(kinds(ran)).toEqual(['go:/work-logs']);
    cleanup();
  });

  it('leaves keys with Ctrl, Alt or Meta, and repeats, to the browser', () => {
    const { ran, press, cleanup } = setup();
    for (const modifier of ['ctrlKey', 'altKey', 'metaKey'] as const) {
      expect(press('n', document.body, { [modifier]: true }).defaultPrevented).toBe(false);
    }
    press('n', document.body, { repeat: true });
    expect(ran).toEqual([]);
    cleanup();
  });

  it('t only while the timer lends its handler, and lists it only then', () => {
    const off = setup();
    expect(off.press('t').defaultPrevented).toBe(false);
    expect(off.ran).toEqual([]);
    off.cleanup();
    const on = setup({ timer: true });
    on.press('t');
    expect(kinds(on.ran)).toEqual(['timer']);
    on.cleanup();
    const listed = (timer: boolean) => shortcutList(timer).map((s) => s.keys.join(' '));
    expect(listed(false)).not.toContain('t');
    expect(listed(true)).toContain('t');
    expect(listed(false)).toEqual([
      'n',
      '/',
      'g d',
      'g e',
      'g w',
      'g k',
      'g c',
      'g r',
      'g p',
      'g s',
      '?',
    ]);
  });

  it('calls nothing for keys it does not know', () => {
    const run = vi.fn();
    const handler = createShortcutHandler({ run, hasTimer: () => true });
    document.addEventListener('keydown', handler);
    for (const key of ['a', 'x', 'Enter', 'Escape', 'N']) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    }
    expect(run).not.toHaveBeenCalled();
    document.removeEventListener('keydown', handler);
  });
});
