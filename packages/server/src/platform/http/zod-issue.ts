/** The parts of a zod issue the error contract needs (zod's own type is not exported stably). */
export interface ZodIssue {
  code: string;
  path: PropertyKey[];
  message?: string;
  input?: unknown;
  keys?: string[];
}
