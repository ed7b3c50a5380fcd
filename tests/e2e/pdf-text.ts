import { inflateSync } from 'node:zlib';

/**
 * The text a PDF written by pdfkit shows, line by line: its content streams (inflated when
 * compressed), the hex strings of each `TJ` joined, read as WinAnsi (pdfkit's encoding of the
 * standard fonts). Enough to check what a document says; not a general PDF reader.
 */
export function pdfText(pdf: Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const latin = bytes.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(latin); m; m = streams.exec(latin)) {
    const start = m.index + m[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    const dict = latin.slice(Math.max(0, latin.lastIndexOf('<<', m.index)), m.index);
    const raw = bytes.subarray(start, end);
    let content: string;
    try {
      content = (dict.includes('FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => winAnsi(Buffer.from(h[1]!, 'hex'))).join('');
      lines.push(text);
    }
    streams.lastIndex = end;
  }
  return lines.join('\n');
}

// biome-ignore lint/complexity/useSimpleNumberKeys: the byte codes as the WinAnsi table writes them.
const WIN_ANSI_EXTRA: Record<number, string> = { 0x80: '€', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—' };

function winAnsi(bytes: Buffer): string {
  return [...bytes].map((b) => WIN_ANSI_EXTRA[b] ?? String.fromCharCode(b)).join('');
}
