// argon2id hashing and real HTTP round trips are slow on a shared 2-core machine.
jest.setTimeout(30_000);
