import type { MakeStores } from './ContractStores';
import { createContractPeople } from './contractPeople';

const MINUTE = 60_000;

/** Background export jobs and their files, as every instance on one database sees them (ADR 040). */
export function describeExportJobContract(makeStores: MakeStores<'users' | 'exportJobs'>): void {
  let stores: ReturnType<typeof makeStores>;
  let anna: string;
  let ben: string;
  const job = (id: string, ownerId: string, at = 1_000) => ({
    id,
    ownerId,
    fileName: 'Zug-Bauland.gpkg',
    contentType: 'application/geopackage+sqlite3',
    parcels: 800,
    at,
  });
  beforeEach(async () => {
    stores = makeStores();
    [anna, ben] = await createContractPeople(stores.users, 'anna@x.ch', 'ben@x.ch');
  });

  it('keeps a job from running to done with its file, for its owner only', async () => {
    const jobs = stores.exportJobs;
    await jobs.create(job('j1', anna));
    expect(await jobs.find('j1')).toEqual({
      id: 'j1',
      ownerId: anna,
      fileName: 'Zug-Bauland.gpkg',
      contentType: 'application/geopackage+sqlite3',
      parcels: 800,
      state: 'running',
      done: 0,
      percent: 0,
      createdAt: 1_000,
      heartbeatAt: 1_000,
      expiresAt: null,
    });
    expect(await jobs.file('j1', anna)).toBeNull();
    await jobs.progress('j1', 400, 50, 2_000);
    expect(await jobs.find('j1')).toMatchObject({ done: 400, percent: 50, heartbeatAt: 2_000 });
    const body = Buffer.from([0, 1, 2, 255, 0x53, 0x51]);
    expect(await jobs.finish('j1', body, 3_000, 3_000 + 60 * MINUTE)).toBe(true);
    expect(await jobs.find('j1')).toMatchObject({
      state: 'done',
      done: 800,
      percent: 100,
      expiresAt: 3_000 + 60 * MINUTE,
    });
    expect(Buffer.compare((await jobs.file('j1', anna))!, body)).toBe(0);
    expect(await jobs.file('j1', ben)).toBeNull();
    // Done is final: neither a second finish nor a failure changes it.
    expect(await jobs.finish('j1', Buffer.from('x'), 4_000, 5_000)).toBe(false);
    expect(await jobs.fail('j1', 'late', 4_000, 5_000)).toBe(false);
    expect(await jobs.find('j1')).toMatchObject({ state: 'done' });
    expect(await jobs.find('missing')).toBeNull();
  });

  it('fails the jobs silent too long, once, and a failed job is not finished afterwards', async () => {
    const jobs = stores.exportJobs;
    await jobs.create(job('silent', anna, 1_000));
    await jobs.create(job('alive', ben, 1_000));
    await jobs.progress('alive', 10, 1, 9 * MINUTE);
    const failed = await jobs.failSilent(5 * MINUTE, 70 * MINUTE);
    expect(failed.map((record) => [record.id, record.ownerId, record.state])).toEqual([
      ['silent', anna, 'failed'],
    ]);
    expect(await jobs.failSilent(5 * MINUTE, 70 * MINUTE)).toEqual([]);
    // Its instance comes back to life and finishes the file: too late, it stays failed without a file.
    expect(await jobs.finish('silent', Buffer.from('late'), 10 * MINUTE, 70 * MINUTE)).toBe(false);
    expect(await jobs.find('silent')).toMatchObject({ state: 'failed', expiresAt: 70 * MINUTE });
    expect(await jobs.file('silent', anna)).toBeNull();
    expect(await jobs.fail('alive', 'disk full', 11 * MINUTE, 71 * MINUTE)).toBe(true);
    expect(await jobs.find('alive')).toMatchObject({ state: 'failed', expiresAt: 71 * MINUTE });
  });

  it('removes expired jobs with their files, never a running one', async () => {
    const jobs = stores.exportJobs;
    await jobs.create(job('done', anna));
    await jobs.finish('done', Buffer.from('a'), 2_000, 10_000);
    await jobs.create(job('later', anna));
    await jobs.finish('later', Buffer.from('b'), 2_000, 20_000);
    await jobs.create(job('running', ben));
    expect(await jobs.removeExpired(9_999)).toBe(0);
    expect(await jobs.removeExpired(10_000)).toBe(1);
    expect(await jobs.find('done')).toBeNull();
    expect(await jobs.file('later', anna)).not.toBeNull();
    expect(await jobs.removeExpired(1_000_000)).toBe(1);
    expect(await jobs.find('running')).toMatchObject({ state: 'running' });
  });

  it('lets one of two racing instances fail a silent job and tell of it', async () => {
    const jobs = stores.exportJobs;
    await jobs.create(job('j', anna, 0));
    const answers = await Promise.all([
      jobs.failSilent(MINUTE, 2 * MINUTE),
      jobs.failSilent(MINUTE, 2 * MINUTE),
    ]);
    expect(answers.map((failed) => failed.length).sort()).toEqual([0, 1]);
  });
}
