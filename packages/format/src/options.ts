// Formatter options: defaults, and validation of the project file's `format` section (packages/project leaves it
// loose on purpose: this package owns its contents).

export type CaseStyle = 'upper' | 'lower' | 'preserve';

export interface FormatOptions {
  /** Line-width budget in display columns (wide characters and emoji take two). Default 100. */
  readonly lineWidth?: number;
  /** Spaces per indentation level. Default 2. */
  readonly indent?: number;
  /** Case of keywords (CASE, WHEN, AND, NULL, INTERVAL units, …). Default `upper`. */
  readonly keywordCase?: CaseStyle;
  /** Case of function names (`DateDiff` → `DATEDIFF`). Default `upper`. */
  readonly functionCase?: CaseStyle;
}

export type ResolvedFormatOptions = Required<FormatOptions>;

export const DEFAULT_FORMAT_OPTIONS: ResolvedFormatOptions = {
  lineWidth: 100,
  indent: 2,
  keywordCase: 'upper',
  functionCase: 'upper',
};

const CASE_STYLES: readonly CaseStyle[] = ['upper', 'lower', 'preserve'];

/** What each option accepts: one table drives validation and the error messages. */
const OPTION_SPECS: Record<keyof FormatOptions, { check: (v: unknown) => boolean; expected: string }> = {
  lineWidth: { check: (v) => Number.isInteger(v) && (v as number) >= 20 && (v as number) <= 1000, expected: 'an integer from 20 to 1000' },
  indent: { check: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 16, expected: 'an integer from 0 to 16' },
  keywordCase: { check: (v) => CASE_STYLES.includes(v as CaseStyle), expected: `one of ${CASE_STYLES.join(', ')}` },
  functionCase: { check: (v) => CASE_STYLES.includes(v as CaseStyle), expected: `one of ${CASE_STYLES.join(', ')}` },
};

export interface OptionsValidation {
  readonly options: ResolvedFormatOptions;
  /** One message per invalid or unknown setting; empty when the section is valid. */
  readonly problems: readonly string[];
}

/**
 * Validates a `format` section (or command-line overrides) and merges it over `base`.
 * Invalid settings are reported and ignored, so a caller can choose to warn or to stop.
 */
export function resolveFormatOptions(section: unknown, base: ResolvedFormatOptions = DEFAULT_FORMAT_OPTIONS): OptionsValidation {
  if (section === undefined || section === null) return { options: base, problems: [] };
  if (typeof section !== 'object' || Array.isArray(section)) {
    return { options: base, problems: ['format: expected an object of settings'] };
  }
  const problems: string[] = [];
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(section)) {
    if (value === undefined) continue;
    const spec = OPTION_SPECS[key as keyof FormatOptions] as (typeof OPTION_SPECS)[keyof FormatOptions] | undefined;
    if (!spec) {
      problems.push(`format.${key}: unknown setting (known: ${Object.keys(OPTION_SPECS).join(', ')})`);
    } else if (!spec.check(value)) {
      problems.push(`format.${key}: expected ${spec.expected}, got ${JSON.stringify(value)}`);
    } else {
      merged[key] = value;
    }
  }
  return { options: merged as unknown as ResolvedFormatOptions, problems };
}

const CASE_TRANSFORMS: Record<CaseStyle, (word: string) => string> = {
  upper: (w) => w.toUpperCase(),
  lower: (w) => w.toLowerCase(),
  preserve: (w) => w,
};

/** Applies a case style to a word. */
export function applyCase(word: string, style: CaseStyle): string {
  return CASE_TRANSFORMS[style](word);
}
