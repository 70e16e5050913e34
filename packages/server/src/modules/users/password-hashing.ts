import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 20 ms a hash on one core here, so a
// login stays fast while each guess costs an attacker as much.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing account is not told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('lectern-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
