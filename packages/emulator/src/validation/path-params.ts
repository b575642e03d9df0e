// What each path parameter may contain: anything else is refused with 400 before any lookup.
import type { FieldError } from '@calckit/protocol';

/** Patterns by parameter name, applied to the percent-decoded value. */
const PARAM_RULES: Readonly<Record<string, { pattern: RegExp; description: string }>> = {
  calculationId: { pattern: /^[1-9][0-9]{0,14}$/, description: 'a positive integer' },
  packageId: { pattern: /^[A-Za-z0-9._-]{1,128}$/, description: 'a package id (letters, digits, . _ -)' },
  version: { pattern: /^[A-Za-z0-9._+-]{1,64}$/, description: 'a version (letters, digits, . _ + -)' },
  functionName: { pattern: /^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/, description: 'a function name (an identifier)' },
  datasetId: { pattern: /^[A-Za-z0-9._-]{1,128}$/, description: 'a dataset id (letters, digits, . _ -)' },
};

export type PathParams = Readonly<Record<string, string>>;

/** Decodes and checks raw path parameters; returns the decoded values or the list of problems. */
export function checkPathParams(raw: PathParams): { ok: true; params: PathParams } | { ok: false; errors: FieldError[] } {
  const params: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(raw)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      errors.push({ field: `path.${name}`, message: `${name} is not valid percent-encoding` });
      continue;
    }
    const rule = PARAM_RULES[name];
    if (rule && !rule.pattern.test(decoded)) {
      errors.push({ field: `path.${name}`, message: `${name} must be ${rule.description}; got ${JSON.stringify(decoded.slice(0, 80))}` });
      continue;
    }
    params[name] = decoded;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, params };
}
