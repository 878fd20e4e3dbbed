import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes), the OWASP-recommended family. */
export const passwordHasher = {
  hash: (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id }),
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  },
};
