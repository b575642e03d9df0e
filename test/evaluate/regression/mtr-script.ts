// Reads a mysqltest script (MariaDB's `mysql-test/main/*.test`) into the SQL statements it sends, in order: the
// delimiter command, `#` comments, `--command` lines and the commands written without `--` (let, eval, echo, …) are
// understood; a statement after `--error` / `error` is marked, as the server is expected to refuse it. Blocks of
// `if`/`while` and `perl … EOF` are left out whole: their statements may not run.

export interface ScriptStatement {
  /** The statement's text, without its delimiter. */
  readonly sql: string;
  /** The line it starts on (1-based). */
  readonly line: number;
  /** The script expects the server to refuse it (`--error`). */
  readonly expectsError: boolean;
}

/** mysqltest's own commands, which may be written without `--` and end with the delimiter. */
const COMMANDS = new Set([
  'let', 'eval', 'echo', 'error', 'source', 'sleep', 'real_sleep', 'connect', 'connection', 'disconnect', 'send', 'reap',
  'query_vertical', 'query_horizontal', 'vertical_results', 'horizontal_results', 'exit', 'die', 'skip', 'inc', 'dec',
  'replace_result', 'replace_column', 'replace_regex', 'sorted_result', 'partially_sorted_result', 'require', 'exec',
  'system', 'write_file', 'append_file', 'remove_file', 'copy_file', 'file_exists', 'mkdir', 'rmdir', 'chmod',
  'result_format', 'character_set', 'change_user', 'send_eval', 'query_get_value', 'wait_for_slave_to_stop',
  'shutdown_server', 'send_shutdown', 'cat_file', 'diff_files', 'list_files', 'start_timer', 'end_timer', 'query',
  'save_master_pos', 'sync_with_master', 'sync_slave_with_master', 'lowercase_result', 'ping', 'dirty_close',
]);

const isCommandWord = (word: string) => COMMANDS.has(word) || /^(disable|enable)_/.test(word);

/** Position of the delimiter in `text` outside quotes, or -1. */
function delimiterAt(text: string, delimiter: string): number {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote !== '`') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (text.startsWith(delimiter, i)) return i;
  }
  return -1;
}

export function readScript(text: string): ScriptStatement[] {
  const lines = text.split('\n');
  const statements: ScriptStatement[] = [];
  let delimiter = ';';
  let pending = '';
  let pendingLine = 0;
  let expectsError = false;
  let blockDepth = 0;
  for (let l = 0; l < lines.length; l++) {
    const raw = lines[l]!;
    const line = raw.trim();
    if (pending === '') {
      if (line === '' || line.startsWith('#')) continue;
      if (line.startsWith('--')) {
        const command = line.slice(2).trim();
        const word = /^\w+/.exec(command)?.[0].toLowerCase() ?? '';
        if (word === 'error') expectsError = true;
        else if (word === 'delimiter') delimiter = command.split(/\s+/)[1] ?? delimiter;
        continue;
      }
      const word = /^\w+/.exec(line)?.[0].toLowerCase() ?? '';
      if (word === 'perl') {
        while (l < lines.length && lines[l]!.trim() !== 'EOF') l++;
        continue;
      }
      if (word === 'delimiter') {
        delimiter = line.split(/\s+/)[1]!.replace(new RegExp(`${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '') || delimiter;
        continue;
      }
      if ((word === 'if' || word === 'while') && /\{\s*$/.test(line)) {
        blockDepth++;
        continue;
      }
      if (blockDepth > 0) {
        if (line.startsWith('}')) blockDepth--;
        else if (/\{\s*$/.test(line)) blockDepth++;
        continue;
      }
      if (line === '}' || line.startsWith('} ')) continue;
      pendingLine = l + 1;
    }
    pending += (pending ? '\n' : '') + raw;
    for (;;) {
      const at = delimiterAt(pending, delimiter);
      if (at < 0) break;
      const sql = pending.slice(0, at).trim();
      pending = pending.slice(at + delimiter.length).trim();
      const word = /^\w+/.exec(sql)?.[0].toLowerCase() ?? '';
      if (isCommandWord(word)) {
        if (word === 'error') expectsError = true;
      } else if (sql !== '') {
        statements.push({ sql, line: pendingLine, expectsError });
        expectsError = false;
      }
      if (pending !== '') pendingLine = l + 1;
    }
  }
  return statements;
}
