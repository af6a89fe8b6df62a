import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum in the package's types, so spelled as its value here).
const ARGON2ID = 2;
// OWASP's minimum argon2id profile: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when the user does not exist, so timing does not tell. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('agora-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
