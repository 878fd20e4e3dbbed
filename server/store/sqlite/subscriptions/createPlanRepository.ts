import type { Synchronous } from '../../contract/unitOfWork/Synchronous';
import type { Database } from 'better-sqlite3';
import { type PlanRepository, type PlanRow, toPlan } from '../../contract/subscriptions/PlanRepository';

export function createPlanRepository(db: Database): Synchronous<PlanRepository> {
  const all = db.prepare<[], PlanRow>('SELECT * FROM plans WHERE active = 1 ORDER BY sort_order');
  const byId = db.prepare<[string], PlanRow>('SELECT * FROM plans WHERE id = ? AND active = 1');
  const byLookupKey = db.prepare<[string], PlanRow>(
    'SELECT * FROM plans WHERE lookup_key = ? AND active = 1',
  );
  return {
    list: () => all.all().map(toPlan),
    byId: (id) => {
      const row = byId.get(id);
      return row ? toPlan(row) : null;
    },
    byLookupKey: (lookupKey) => {
      const row = byLookupKey.get(lookupKey);
      return row ? toPlan(row) : null;
    },
  };
}
