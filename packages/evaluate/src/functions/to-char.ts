// TO_CHAR(value, format), the engine's (PostgreSQL-style) templates: for times YYYY MM DD HH24 HH12 MI SS MS AM Month
// Mon Day Dy DDD D Q WW and "quoted text"; for numbers 9 (digit), 0 (digit, zero-padded), . or D, , or G, S, MI, $;
// an FM prefix drops padding. Anything else in a template is copied as written.
import type { TimeValue } from '../api.js';
import { roundHalfAwayFromZero } from '../values.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const TIME_TOKENS = ['HH24', 'HH12', 'YYYY', 'MONTH', 'A.M.', 'P.M.', 'YYY', 'DDD', 'MON', 'DAY', 'YY', 'MM', 'DD', 'DY', 'HH', 'MI', 'SS', 'MS', 'AM', 'PM', 'WW', 'Y', 'D', 'Q'];

const pad = (n: number, width: number, fm: boolean) => (fm ? String(n) : String(n).padStart(width, '0'));

/** A name in the case the template writes it: `MONTH` → JANUARY, `Month` → January, `month` → january. */
function styled(name: string, written: string, width: number, fm: boolean): string {
  const text = written === written.toUpperCase() ? name.toUpperCase() : written[1] === written[1]!.toLowerCase() && written[0] === written[0]!.toLowerCase() ? name.toLowerCase() : name;
  return fm ? text : text.padEnd(width, ' ');
}

export function formatTimeTemplate(t: TimeValue, template: string): string {
  const d = new Date(t.epochMs);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth();
  const day = d.getUTCDate();
  const h = d.getUTCHours();
  const dow = d.getUTCDay();
  const doy = Math.floor((t.epochMs - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
  let out = '';
  let i = 0;
  while (i < template.length) {
    if (template[i] === '"') {
      const end = template.indexOf('"', i + 1);
      out += end < 0 ? template.slice(i + 1) : template.slice(i + 1, end);
      i = end < 0 ? template.length : end + 1;
      continue;
    }
    let fm = false;
    if (template.slice(i, i + 2).toUpperCase() === 'FM') {
      fm = true;
      i += 2;
    }
    const rest = template.slice(i).toUpperCase();
    const token = TIME_TOKENS.find((k) => rest.startsWith(k));
    if (!token) {
      out += template[i];
      i++;
      continue;
    }
    const written = template.slice(i, i + token.length);
    i += token.length;
    switch (token) {
      case 'YYYY':
        out += pad(y, 4, fm);
        break;
      case 'YYY':
        out += pad(y % 1000, 3, fm);
        break;
      case 'YY':
        out += pad(y % 100, 2, fm);
        break;
      case 'Y':
        out += String(y % 10);
        break;
      case 'MM':
        out += pad(mo + 1, 2, fm);
        break;
      case 'DD':
        out += pad(day, 2, fm);
        break;
      case 'DDD':
        out += pad(doy, 3, fm);
        break;
      case 'D':
        out += String(dow + 1);
        break;
      case 'HH24':
        out += pad(h, 2, fm);
        break;
      case 'HH12':
      case 'HH':
        out += pad(h % 12 === 0 ? 12 : h % 12, 2, fm);
        break;
      case 'MI':
        out += pad(d.getUTCMinutes(), 2, fm);
        break;
      case 'SS':
        out += pad(d.getUTCSeconds(), 2, fm);
        break;
      case 'MS':
        out += pad(d.getUTCMilliseconds(), 3, fm);
        break;
      case 'AM':
      case 'PM': {
        const v = h < 12 ? 'AM' : 'PM';
        out += written === written.toLowerCase() ? v.toLowerCase() : v;
        break;
      }
      case 'A.M.':
      case 'P.M.': {
        const v = h < 12 ? 'A.M.' : 'P.M.';
        out += written === written.toLowerCase() ? v.toLowerCase() : v;
        break;
      }
      case 'MONTH':
        out += styled(MONTHS[mo]!, written, 9, fm);
        break;
      case 'MON':
        out += styled(MONTHS[mo]!.slice(0, 3), written, 3, true);
        break;
      case 'DAY':
        out += styled(DAYS[dow]!, written, 9, fm);
        break;
      case 'DY':
        out += styled(DAYS[dow]!.slice(0, 3), written, 3, true);
        break;
      case 'Q':
        out += String(Math.floor(mo / 3) + 1);
        break;
      case 'WW':
        out += pad(Math.floor((doy - 1) / 7) + 1, 2, fm);
        break;
    }
  }
  return out;
}

type NumberToken = { kind: 'digit'; zero: boolean; fraction: boolean } | { kind: 'point' } | { kind: 'group' } | { kind: 'sign' } | { kind: 'minus' } | { kind: 'text'; text: string };

export function formatNumberTemplate(x: number, template: string): string {
  let fm = false;
  let t = template;
  if (/^FM/i.test(t)) {
    fm = true;
    t = t.slice(2);
  }
  const tokens: NumberToken[] = [];
  let fraction = false;
  for (let i = 0; i < t.length; i++) {
    const ch = t[i]!;
    const up = ch.toUpperCase();
    if (ch === '9' || ch === '0') tokens.push({ kind: 'digit', zero: ch === '0', fraction });
    else if ((ch === '.' || up === 'D') && !fraction) {
      fraction = true;
      tokens.push({ kind: 'point' });
    } else if (ch === ',' || up === 'G') tokens.push({ kind: 'group' });
    else if (up === 'S') tokens.push({ kind: 'sign' });
    else if (up === 'M' && t[i + 1]?.toUpperCase() === 'I') {
      tokens.push({ kind: 'minus' });
      i++;
    } else tokens.push({ kind: 'text', text: ch });
  }
  const intDigits = tokens.filter((k) => k.kind === 'digit' && !k.fraction).length;
  const fracTokens = tokens.filter((k): k is Extract<NumberToken, { kind: 'digit' }> => k.kind === 'digit' && k.fraction);
  const fracDigits = fracTokens.length;
  const negative = x < 0;
  const fixed = roundHalfAwayFromZero(Math.abs(x), fracDigits).toFixed(fracDigits);
  let [ip = '', fp = ''] = fixed.split('.');
  if (ip === '0') ip = '';
  const overflow = ip.length > intDigits;
  if (fm) {
    // FM drops the trailing zeros that only `9` positions would print.
    let keep = fp.length;
    while (keep > 0 && fp[keep - 1] === '0' && !fracTokens[keep - 1]!.zero) keep--;
    fp = fp.slice(0, keep);
  }
  // A leading S is placed next to the number, as the implicit sign is; a trailing S or MI where written.
  const leadingSign = tokens[0]?.kind === 'sign';
  const explicitSign = !leadingSign && tokens.some((k) => k.kind === 'sign' || k.kind === 'minus');
  let out = '';
  let started = false;
  let zeroFill = false;
  let intIndex = 0;
  let fracIndex = 0;
  const signChar = negative ? '-' : leadingSign ? '+' : fm ? '' : ' ';
  const startNumber = () => {
    if (!started && !explicitSign) out += signChar;
    started = true;
  };
  for (const k of tokens) {
    switch (k.kind) {
      case 'digit':
        if (overflow) {
          out += '#';
          break;
        }
        if (!k.fraction) {
          const at = intIndex - (intDigits - ip.length);
          intIndex++;
          if (k.zero) zeroFill = true;
          if (at >= 0) {
            startNumber();
            out += ip[at];
          } else if (zeroFill) {
            startNumber();
            out += '0';
          } else if (!fm) out += ' ';
        } else {
          const ch = fp[fracIndex++];
          if (ch !== undefined) out += ch;
        }
        break;
      case 'point':
        if (!started) startNumber();
        out += '.';
        break;
      case 'group':
        if (started) out += ',';
        else if (!fm) out += ' ';
        break;
      case 'sign':
        if (!leadingSign) out += negative ? '-' : '+';
        break;
      case 'minus':
        out += negative ? '-' : fm ? '' : ' ';
        break;
      case 'text':
        out += k.text;
        break;
    }
  }
  if (!started && !explicitSign) out = (overflow ? (fm ? '' : ' ') : signChar) + out;
  return out;
}
