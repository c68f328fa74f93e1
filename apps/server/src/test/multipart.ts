/**
 * A part of a multipart body: text, text of a declared type (JSON as a generated client sends it), or a file with
 * its name and declared type; undefined parts are left out.
 */
export type Part = string | { text: string; type: string } | { file: Buffer; name: string; type?: string } | undefined;

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(fields: Record<string, Part>) {
  const boundary = `----dnx${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else if ('text' in value) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: ${value.type}\r\n\r\n` +
            `${value.text}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\n` +
            `Content-Type: ${value.type ?? 'application/pdf'}\r\n\r\n`,
        ),
        value.file,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// The smallest files each kind is recognised by: the content decides, never the name.
export const smallPdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const smallPng = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
