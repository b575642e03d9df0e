// Which mapped formulas of a project changed since their last push ("Push All Changed Formulas"): the checkSum of each
// file's expression against the state file's records for one service. Plain data in, plain data out; reading files is the caller's.
import { lastPushed, type Project, type ProjectCalculation } from '@calckit/project';
import { checkSumOf, expressionFromFileText as expressionFromFile } from '@calckit/formula';

export interface FormulaChange {
  readonly calculation: ProjectCalculation;
  readonly text: string;
  /** Undefined when the calculation was never pushed from here. */
  readonly lastPushedCheckSum: string | undefined;
}

export interface ChangedFormulas {
  readonly changed: FormulaChange[];
  /** Mapped files that could not be read (missing, unreadable), with the reason. */
  readonly unreadable: Array<{ readonly calculation: ProjectCalculation; readonly reason: string }>;
}

export function changedFormulas(project: Project, origin: string, readText: (file: string) => string): ChangedFormulas {
  const changed: FormulaChange[] = [];
  const unreadable: ChangedFormulas['unreadable'] = [];
  for (const calculation of project.calculations) {
    let text: string;
    try {
      text = readText(calculation.file);
    } catch (error) {
      unreadable.push({ calculation, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const last = lastPushed(project.statePath, origin, calculation.id, { projectRoot: project.root })?.checkSum;
    if (checkSumOf(expressionFromFile(text)) !== last) changed.push({ calculation, text, lastPushedCheckSum: last });
  }
  return { changed, unreadable };
}
