// Passwords hash at argon2's cheapest in these tests (production's cost is proven by
// test/unit/passwordHashCost.test.ts); real HTTP round trips are still slow on a shared 2-core machine.
import '../helpers/testPasswordCost.cjs';

// The search, tile and import threads run at a lower priority (ADR 067): with both cores kept busy by other
// processes they get a tenth of one, and a three-parcel import took over 30 s.
jest.setTimeout(120_000);
