/**
 * The words of a zone file (RFC 1035, 5.1, read as BIND reads it): entries of words, each entry
 * one line or several joined by parentheses; `;` starts a comment outside quotes; `"` quotes a
 * word, in which `\"` and `\\` stand for themselves and a backslash before a line break keeps it;
 * a backslash outside quotes takes the next character as it is (`\;`, `\(`, `\ `).
 */

/** A word as written: escapes are left in (names and texts read them differently). */
export interface Token {
  /** Between the quotes for a quoted word, else the word itself. */
  text: string;
  quoted: boolean;
  line: number;
}

/** One record or directive: the line it starts on and its words. */
export interface Entry {
  line: number;
  /** The entry starts with a blank: its owner is the one before (RFC 1035, 5.1). */
  ownerOmitted: boolean;
  tokens: Token[];
}

export interface LexProblem {
  line: number;
  message: string;
}

const BLANK = new Set([' ', '\t', '\r']);
/** Characters that end an unquoted word. */
const SPECIAL = new Set([' ', '\t', '\r', '\n', '(', ')', '"', ';']);

/**
 * Splits a zone file into entries. After a problem the entry is dropped and reading goes on at
 * the next line, so every bad line is named; a parenthesis never closed ends the reading.
 */
export function lex(text: string): { entries: Entry[]; problems: LexProblem[] } {
  const entries: Entry[] = [];
  const problems: LexProblem[] = [];
  let i = 0;
  let line = 1;
  let entry: Entry | null = null;
  let depth = 0;
  let openedOn = 0;
  let atLineStart = true;
  let broken = false;

  const endEntry = () => {
    if (entry?.tokens.length && !broken) entries.push(entry);
    entry = null;
    broken = false;
  };
  /** A word joins the entry of its line; the entry starts on the line of its first word. */
  const push = (token: Token) => {
    entry ??= { line: token.line, ownerOmitted: false, tokens: [] };
    if (!entry.tokens.length) entry.line = token.line;
    entry.tokens.push(token);
  };
  const fail = (at: number, message: string) => {
    problems.push({ line: at, message });
    broken = true;
  };
  /** After a problem inside an entry: drop the rest of its physical line. */
  const skipLine = () => {
    while (i < text.length && text[i] !== '\n') i++;
  };

  while (i < text.length) {
    const c = text[i]!;
    const startsLine = atLineStart;
    atLineStart = false;
    if (c === '\n') {
      line++;
      i++;
      atLineStart = true;
      if (depth === 0) endEntry();
      continue;
    }
    if (BLANK.has(c)) {
      // A blank at the start of a line (outside parentheses) means the owner is omitted.
      if (startsLine && depth === 0) entry = { line, ownerOmitted: true, tokens: [] };
      i++;
      continue;
    }
    if (c === ';') {
      skipLine();
      continue;
    }
    if (c === '(') {
      if (depth === 0) openedOn = line;
      depth++;
      i++;
      continue;
    }
    if (c === ')') {
      i++;
      if (depth === 0) {
        fail(line, 'A closing parenthesis here has no opening one.');
        skipLine();
        continue;
      }
      depth--;
      continue;
    }
    if (c === '"') {
      const start = line;
      let j = i + 1;
      let word = '';
      let closed = false;
      while (j < text.length) {
        const d = text[j]!;
        if (d === '\\' && j + 1 < text.length) {
          if (text[j + 1] === '\n') line++;
          word += d + text[j + 1]!;
          j += 2;
          continue;
        }
        if (d === '"') {
          closed = true;
          break;
        }
        if (d === '\n') break;
        word += d;
        j++;
      }
      if (!closed) {
        // The entry is dropped; reading goes on (inside its parentheses, if any) with the next line.
        fail(start, 'A quoted text starts on this line and is not closed on it.');
        i = j;
        continue;
      }
      push({ text: word, quoted: true, line: start });
      i = j + 1;
      continue;
    }
    let j = i;
    let word = '';
    let bad = false;
    while (j < text.length && !SPECIAL.has(text[j]!)) {
      if (text[j] === '\\') {
        const next = text[j + 1];
        if (next === undefined || next === '\n' || next === '\r') {
          bad = true;
          break;
        }
        word += `\\${next}`;
        j += 2;
        continue;
      }
      word += text[j]!;
      j++;
    }
    if (bad) {
      fail(line, 'A backslash ends this line outside quotes: a record continues on the next line only inside parentheses.');
      i = j + 1;
      skipLine();
      continue;
    }
    push({ text: word, quoted: false, line });
    i = j;
  }
  if (depth > 0) {
    fail(openedOn, 'The parenthesis opened on this line is never closed, so the file cannot be read past it.');
    entry = null;
  }
  endEntry();
  return { entries, problems };
}
