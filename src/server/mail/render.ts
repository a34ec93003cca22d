import type { MailMessage } from './transport.ts';

// Rendered once as text and once as HTML, so both parts say the same.
export type Block =
  | { text: string }
  | { code: string }
  | { link: string; label: string }
  | { note: string };

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value that reaches the HTML part goes through this: names can hold `<script>`. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c]!);

const font =
  'font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,Helvetica,Arial,sans-serif';
const paragraph = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#18181b';

function blockHtml(block: Block): string {
  if ('code' in block) {
    return `<p style="${paragraph}"><code style="display:inline-block;padding:8px 12px;border-radius:6px;background:#f4f4f5;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:20px;letter-spacing:1px">${escapeHtml(block.code)}</code></p>`;
  }
  if ('link' in block) {
    const href = escapeHtml(block.link);
    return [
      `<p style="${paragraph}"><a href="${href}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p>`,
      `<p style="${paragraph};font-size:14px;color:#52525b;word-break:break-all">${href}</p>`,
    ].join('');
  }
  if ('note' in block) {
    return `<p style="${paragraph};font-size:14px;color:#52525b">${escapeHtml(block.note)}</p>`;
  }
  return `<p style="${paragraph}">${escapeHtml(block.text)}</p>`;
}

function blockText(block: Block): string {
  if ('code' in block) return `    ${block.code}`;
  if ('link' in block) return `${block.label}:\n${block.link}`;
  if ('note' in block) return block.note;
  return block.text;
}

export function renderMail(to: string, subject: string, blocks: Block[]): MailMessage {
  const text = `${blocks.map(blockText).join('\n\n')}\n\n-- \nHourbook\n`;
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f4f4f5;${font}">`,
    '<div style="max-width:560px;margin:0 auto;padding:32px;border-radius:8px;background:#ffffff">',
    ...blocks.map(blockHtml),
    '</div>',
    `<p style="max-width:560px;margin:16px auto 0;font-size:13px;color:#71717a;text-align:center">Hourbook</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
