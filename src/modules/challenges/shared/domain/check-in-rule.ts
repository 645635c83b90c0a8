/**
 * The check-in "on time" rule, the one place it is written: a check-in is on time iff it is made before the window
 * closes (a check-in before the window opens is refused, so "opened" is never a question here). A late one is still a
 * check-in: the morning is failed with LATE_CHECK_IN as its reason. The SQL forms (the manual check-in's batch UPDATE,
 * the proof verdict that lifts a rejection) are generated from onTimeSql/lateReasonSql below, and
 * test/e2e/check-in-rule-property.e2e-spec.ts runs random instants through isOnTime and through those statements on
 * PostgreSQL and asserts they agree.
 */

/** The failure reason of a check-in made after the window closed (stored on the row, shown to its owner). */
export const LATE_CHECK_IN = 'Checked in after the window closed';

/** On time: before the close (the close itself is late). */
export function isOnTime(checkInAt: Date, closesAt: Date): boolean {
  return checkInAt.getTime() < closesAt.getTime();
}

/** The failure reason the rule gives a check-in: null on time, LATE_CHECK_IN after the close. */
export function checkInFailure(checkInAt: Date, closesAt: Date): string | null {
  return isOnTime(checkInAt, closesAt) ? null : LATE_CHECK_IN;
}

/** isOnTime as a SQL boolean over two timestamptz expressions (column names or casts, never user input). */
export function onTimeSql(checkInAt: string, closesAt: string): string {
  return `(${checkInAt} < ${closesAt})`;
}

/** checkInFailure as a SQL expression. */
export function lateReasonSql(checkInAt: string, closesAt: string): string {
  return `CASE WHEN ${onTimeSql(checkInAt, closesAt)} THEN NULL ELSE '${LATE_CHECK_IN.replace(/'/g, "''")}' END`;
}
