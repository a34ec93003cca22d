// Prints one closing line for all the test runs whose JSON reports are in the given folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of readdirSync(dir)) {
  const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  if (name.startsWith('vitest')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (name.startsWith('playwright')) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
