import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF, extracted with pdf-parse. pdf.js loads its worker with a dynamic import, which
 * jest's module runtime refuses, so the extraction runs in a plain Node child process.
 */
export function pdfText(pdf: Uint8Array): string {
  const script = `
    import { PDFParse } from 'pdf-parse';
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
    const { text } = await parser.getText();
    await parser.destroy();
    process.stdout.write(text);
  `;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: pdf,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
}
