// Run as a separate process (tsx) by the PostgreSQL contract test: one "app instance" that tries to count
// `attempts` uses of one quota, each in its own unit of work, and prints how many were accepted.
import { openPostgresRepositories } from '../../../server/store/postgres/createPostgresStores';

const [url, attempts, limit] = process.argv.slice(2);
async function countUses(): Promise<number> {
  const stores = await openPostgresRepositories(url);
  let accepted = 0;
  for (let attempt = 0; attempt < Number(attempts); attempt += 1) {
    const counted = await stores.unitOfWork(async () =>
      stores.usage.tryIncrement('user-1', '2026-11-01', 'full_view', Number(limit)),
    );
    if (counted) accepted += 1;
  }
  await stores.close();
  return accepted;
}

void countUses().then((accepted) => {
  process.stdout.write(String(accepted));
});
