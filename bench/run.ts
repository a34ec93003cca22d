// Exits 0 whatever the ratios (a bench measures, it is not a test); 1 when it failed.
import { cases } from './cases/index.ts';
import { cleanupsOnInterrupt, startEnv } from './env.ts';
import { type CaseResult, printSummary, runCase } from './lib.ts';

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !cases.some((c) => c.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown case: ${unknown.join(', ')}. Cases: ${cases.map((c) => c.name).join(', ')}`,
    );
    process.exitCode = 2;
    return;
  }
  const selected = names.length > 0 ? cases.filter((c) => names.includes(c.name)) : cases;

  const cleanups = cleanupsOnInterrupt();

  try {
    const started = Date.now();
    const env = await startEnv(cleanups);
    console.log(
      `database: ${env.databaseMode === 'embedded' ? 'embedded PostgreSQL (temp dir)' : 'DATABASE_URL'}; ` +
        `servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const results: CaseResult[] = [];
    for (const benchCase of selected) {
      console.log(`\n${benchCase.name}: ${benchCase.description}`);
      results.push(await runCase(env, benchCase));
    }
    printSummary(results, selected);
    console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await cleanups.run();
  }
}

main().catch((error: unknown) => {
  console.error('\nbench failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
