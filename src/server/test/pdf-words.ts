// Where pdftotext finds each word of a PDF: tests hold every word inside its page and inside the
// column the layout set it in.
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

export interface ColumnBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every word inside its page and inside the column it was set in; answers how many it checked. */
export function expectWordsInColumns(bytes: Buffer, boxes: readonly ColumnBox[]): number {
  const run = spawnSync('pdftotext', ['-bbox', '-', '-'], { input: bytes });
  if (run.status !== 0) throw new Error(`pdftotext failed: ${run.stderr.toString()}`);
  const pages = [
    ...run.stdout
      .toString('utf8')
      .matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g),
  ];
  expect(pages.length).toBeGreaterThan(0);
  let checked = 0;
  pages.forEach(([, pageWidth, pageHeight, words], page) => {
    for (const [, x0, y0, x1, y1, word] of words!.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)<\/word>/g,
    )) {
      const [xMin, yMin, xMax, yMax] = [x0, y0, x1, y1].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      const where = `"${word}" on page ${page + 1} at ${xMin}–${xMax}`;
      expect(xMin, where).toBeGreaterThanOrEqual(0);
      expect(xMax, where).toBeLessThanOrEqual(Number(pageWidth));
      expect(yMin, where).toBeGreaterThanOrEqual(0);
      expect(yMax, where).toBeLessThanOrEqual(Number(pageHeight));
      // The column the word was set in: the box on its page that holds the word's middle.
      const [midX, midY] = [(xMin + xMax) / 2, (yMin + yMax) / 2];
      const column = boxes.find(
        (box) =>
          box.page === page &&
          midX >= box.x &&
          midX <= box.x + box.width &&
          midY >= box.y - 2 &&
          midY <= box.y + box.height + 2,
      );
      expect(column, `${where}: in no column`).toBeDefined();
      expect(xMin, where).toBeGreaterThanOrEqual(column!.x - 0.5);
      expect(xMax, where).toBeLessThanOrEqual(column!.x + column!.width + 0.5);
      checked += 1;
    }
  });
  return checked;
}
