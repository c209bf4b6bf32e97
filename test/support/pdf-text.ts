import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** A PDF as pdf-parse reads it: each page's text and size in points. */
export interface PdfText {
  pages: { text: string; width: number; height: number }[];
}

/**
 * pdf-parse (pdf.js) loads its worker by a dynamic import, which Jest's module sandbox refuses; the
 * text is therefore extracted in a plain Node process, the PDF on its standard input.
 */
const SCRIPT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const text = await parser.getText();
  const info = await parser.getInfo({ parsePageInfo: true });
  await parser.destroy();
  const sizes = info.pages || [];
  process.stdout.write(JSON.stringify({ pages: text.pages.map((page, i) => ({ text: page.text, width: sizes[i] && sizes[i].width, height: sizes[i] && sizes[i].height })) }));
});`;

export function pdfText(bytes: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SCRIPT], { cwd: join(__dirname, '..', '..'), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`pdf-parse failed (${code}): ${Buffer.concat(err).toString('utf8')}`));
      else resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as PdfText);
    });
    child.stdin.end(bytes);
  });
}
