/**
 * Reads a CSV the way a spreadsheet opens it, not the way a strict CSV library does: a row ends
 * at any line break outside quotes (CRLF, a bare CR or LF, and also VT, FF, NEL U+0085 and the
 * Unicode line and paragraph separators U+2028 and U+2029, which some spreadsheets and
 * text-import dialogs also take as a new line). A field is quoted only when its first character
 * is a quote; a quote anywhere else is text. So a line break that the writer left unquoted shows
 * up here as an extra row, whose first cell is whatever followed the break.
 */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

export function readAsSpreadsheet(input: Buffer | string, delimiter = ','): string[][] {
  const text = (typeof input === 'string' ? input : input.toString('utf8')).replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let atFieldStart = true;
  const endField = () => {
    row.push(field);
    field = '';
    atFieldStart = true;
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (atFieldStart && char === '"') {
      atFieldStart = false;
      i += 1;
      while (i < text.length) {
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text[i];
        i += 1;
      }
      continue;
    }
    if (char === delimiter) {
      endField();
      i += 1;
      continue;
    }
    if (LINE_BREAK.test(char)) {
      endField();
      rows.push(row);
      row = [];
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    atFieldStart = false;
    field += char;
    i += 1;
  }
  if (!atFieldStart || field !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}
