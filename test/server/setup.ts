// Passwords hash at argon2's cheapest in these tests (production's cost is proven by
// test/unit/passwordHashCost.test.ts); real HTTP round trips are still slow on a shared 2-core machine.
import '../helpers/testPasswordCost.cjs';

jest.setTimeout(30_000);
