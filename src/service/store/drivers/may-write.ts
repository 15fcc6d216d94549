/** A plain SELECT: the only statement taken as not writing (WITH, COPY, BEGIN, COMMIT all count). */
const READ_ONLY = /^\s*select\b/i;
const LOCKING = /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i;

/** True unless `sql` is a plain SELECT that takes no row lock (the drivers' write epochs). */
export function mayWrite(sql: string): boolean {
  return !READ_ONLY.test(sql) || LOCKING.test(sql);
}
