/**
 * Finds each <question> element of a Moodle XML file by scanning, not parsing, so one broken question is
 * reported on its own line and the others still import. Comments and CDATA are skipped: an HTML stem may
 * say anything inside them.
 */
export interface QuestionChunk {
  text: string;
  /** 1-based line of "<question". */
  line: number;
  /** False when the element never closed (the file was cut, or another question opened first). */
  closed: boolean;
}

const tokens = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<question\b[^>]*>|<\/question\s*>/g;

export function scanQuestions(xml: string): QuestionChunk[] {
  const chunks: QuestionChunk[] = [];
  let lineAt = 0;
  let line = 1;
  const lineOf = (index: number) => {
    for (let i = xml.indexOf('\n', lineAt); i !== -1 && i < index; i = xml.indexOf('\n', i + 1)) line++;
    lineAt = index;
    return line;
  };
  let open: { start: number; line: number } | null = null;
  for (const match of xml.matchAll(tokens)) {
    const token = match[0];
    const index = match.index;
    if (token.startsWith('<!')) continue;
    if (token.startsWith('</')) {
      if (open)
        chunks.push({ text: xml.slice(open.start, index + token.length), line: open.line, closed: true });
      open = null;
      continue;
    }
    if (open) chunks.push({ text: xml.slice(open.start, index), line: open.line, closed: false });
    const start = { start: index, line: lineOf(index) };
    if (token.endsWith('/>')) {
      chunks.push({ text: token, line: start.line, closed: true });
      open = null;
    } else {
      open = start;
    }
  }
  if (open) chunks.push({ text: xml.slice(open.start), line: open.line, closed: false });
  return chunks;
}
