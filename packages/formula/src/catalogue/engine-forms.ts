// Argument counts that MySQL (the service's engine) accepts for catalogue functions beyond the signature the service
// documents: LOG(b, x), TIMESTAMP(date, time), one-argument CONCAT and COALESCE, UNIX_TIMESTAMP() and the clock
// functions' precision argument, and DISTINCT in AVG, MIN and MAX (MySQL 8.0 reference manual; MariaDB 10.11 computes
// each, as its own regression tests show: test/evaluate/regression). The analysis accepts them and lint's
// argument-count leaves them alone, while its undocumented-function warns about them: nothing shows the service
// refusing them, nor promises them. Counts only MariaDB takes (LPAD and RPAD without the padding, where the service's
// engine reference and MySQL require three arguments) are not listed: still errors.

export interface EngineForm {
  readonly min: number;
  readonly max: number;
  /** The MySQL signature, as shown in messages. */
  readonly form: string;
}

export const ENGINE_FORMS: Readonly<Record<string, EngineForm>> = {
  CONCAT: { min: 1, max: Infinity, form: 'CONCAT(str, …)' },
  COALESCE: { min: 1, max: Infinity, form: 'COALESCE(value, …)' },
  LOG: { min: 1, max: 2, form: 'LOG(base, x)' },
  TIMESTAMP: { min: 1, max: 2, form: 'TIMESTAMP(date, time)' },
  UNIX_TIMESTAMP: { min: 0, max: 1, form: 'UNIX_TIMESTAMP([date])' },
  CURTIME: { min: 0, max: 1, form: 'CURTIME([fsp])' },
  CURRENT_TIME: { min: 0, max: 1, form: 'CURRENT_TIME([fsp])' },
  NOW: { min: 0, max: 1, form: 'NOW([fsp])' },
  CURRENT_TIMESTAMP: { min: 0, max: 1, form: 'CURRENT_TIMESTAMP([fsp])' },
};

/** MySQL's form of a call with `count` arguments that the documented signature (`min`..`max`) does not allow, if any. */
export function engineFormOf(upperName: string, count: number, documented: { min: number; max: number }): EngineForm | undefined {
  if (count >= documented.min && count <= documented.max) return undefined;
  const form = ENGINE_FORMS[upperName];
  return form && count >= form.min && count <= form.max ? form : undefined;
}

/** Aggregates that MySQL takes with DISTINCT although the service documents DISTINCT only for COUNT and SUM. */
export const ENGINE_DISTINCT: ReadonlySet<string> = new Set(['AVG', 'MIN', 'MAX']);
