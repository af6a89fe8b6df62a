import { randomBytes } from 'node:crypto';

/** A file part of a multipart body. */
export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * A multipart/form-data body built by hand, as `app.inject` takes it: text fields, and a file under
 * `file` (or the field `fileField` names) when given.
 */
export function multipartBody(
  fields: Record<string, string>,
  file?: FilePart,
  headers: Record<string, string> = {},
  fileField = 'file',
) {
  const boundary = `----agora${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
