import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

describe('client test helpers', () => {
  it('are named as test helpers, never *.helpers.ts(x) among the components', () => {
    const misnamed = tracked.filter(
      (path) => path.startsWith('src/client/') && /\.helpers\.tsx?$/.test(path),
    );
    expect(misnamed).toEqual([]);
  });

  it('no client hook takes the name of a React hook', () => {
    const reactHooks = [
      'useActionState',
      'useOptimistic',
      'useFormStatus',
      'useTransition',
      'useId',
    ];
    const shadowing = tracked
      .filter((path) => path.startsWith('src/client/') && /\.tsx?$/.test(path))
      .filter((path) => existsSync(join(root, path)))
      .flatMap((path) => {
        const text = readFileSync(join(root, path), 'utf8');
        return reactHooks
          .filter((hook) => new RegExp(`function ${hook}\\b|const ${hook}\\s*=`).test(text))
          .map((hook) => `${path}: ${hook}`);
      });
    expect(shadowing).toEqual([]);
  });
});
