/**
 * Test-only crash points (the hardening crash tests): with `LECTERN_CRASH_AT=<point>` the
 * process kills itself with SIGKILL the moment it reaches that point, as a power cut or an
 * OOM kill would, so tests can restart it and check that nothing was lost. Refused in
 * production (config); a no-op everywhere unless set.
 */
export const FAULT_POINTS = [
  /** The attempt and its reservations are committed; nothing is charged yet. */
  'checkout.after_reserve',
  /** The provider charged the payment; its answer has not been recorded. */
  'checkout.after_charge',
  /** Inside the fulfilment transaction, before it commits (the order is rolled back). */
  'checkout.before_fulfil_commit',
  /** A renewal's attempt is recorded; the provider has not been asked to charge. */
  'renewal.before_charge',
  /** The provider charged the renewal; its answer has not been recorded. */
  'renewal.after_charge',
  /**
   * Every charge of a renewal batch was answered (some paid); none of them is recorded. A
   * batch charges its plans side by side, so this is the one point where all are at stake.
   */
  'renewal.before_record',
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

export interface FaultPoints {
  reach(point: FaultPoint): void;
}

export const NO_FAULTS: FaultPoints = { reach() {} };

export function createFaultPoints(crashAt: FaultPoint | null): FaultPoints {
  if (crashAt === null) return NO_FAULTS;
  return {
    reach(point) {
      // A signal a process sends itself is delivered before kill() returns: nothing after runs.
      if (point === crashAt) process.kill(process.pid, 'SIGKILL');
    },
  };
}
