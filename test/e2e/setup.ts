// Real browsers against a real server: allow for a slow software-rendered WebGL on a shared 2-core machine.
jest.setTimeout(120_000);
