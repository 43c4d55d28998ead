import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodType, infer as zInfer } from 'zod';
import { LIMITS } from '@zc/shared/limits';
import { AppError, fieldError } from './errors';
import { sha256 } from './crypto';
import { safeFormField } from './input-safety';

export type ImageType = 'image/jpeg' | 'image/png';

/** Image type by magic bytes, never by file name or declared type. */
export function detectImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return null;
}

/** Every type the store keeps, by content (magic bytes), with its file extension. */
export const STORED_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/x-msvideo': 'avi',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/csv': 'csv',
} as const;
export type StoredType = keyof typeof STORED_TYPES;
const KEY = new RegExp(`^[a-f0-9]{40}\\.(${[...new Set(Object.values(STORED_TYPES))].join('|')})$`);

/** The content type of a stored key (by its extension). */
export function mimeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return (Object.entries(STORED_TYPES).find(([, e]) => e === ext)?.[0] as StoredType | undefined) ?? 'application/octet-stream';
}

/**
 * The one storage interface of uploads (images, videos, documents): local disk under the data
 * directory (DATA_DIR/uploads by default); keys are content hashes plus the type's extension, so
 * the same file stored twice is one file. Callers check type and size before `put`.
 */
export function createFileStore(dir: string) {
  return {
    async put(buf: Buffer, type: StoredType): Promise<string> {
      const key = `${sha256(buf).slice(0, 40)}.${STORED_TYPES[type]}`;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, key), buf);
      return key;
    },
    async get(key: string): Promise<Buffer | null> {
      if (!KEY.test(key)) return null;
      try {
        return await readFile(path.join(dir, key));
      } catch {
        return null;
      }
    },
    url(key: string): string {
      return `/api/files/${key}`;
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;

/** Reads an uploaded image fully, enforcing the size limit (413) and JPG/PNG by content (415). */
export async function readImageUpload(file: MultipartFile, maxBytes = LIMITS.uploadMaxBytes): Promise<{ buf: Buffer; type: ImageType }> {
  const buf = await file.toBuffer();
  if (file.file.truncated || buf.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${Math.round(maxBytes / 1048576)} MB`);
  if (buf.length === 0) throw fieldError('file', 'The file is empty', 'required');
  const type = detectImageType(buf);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPG or PNG images are accepted', { fields: [{ path: 'file', code: 'type', message: 'JPG or PNG only' }] });
  return { buf, type };
}

/**
 * The parts of a multipart body. A body the parser cannot read (no boundary, malformed part
 * headers) answers 400 rather than 500; @fastify/multipart's own coded errors (limits, prototype
 * keys) go on to the error handler as they are.
 */
async function* formParts(request: FastifyRequest, maxBytes: number): AsyncGenerator<Multipart> {
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20 } })) yield part;
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && ('code' in err || 'statusCode' in err))) throw err;
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read', { fields: [{ path: 'body', code: 'invalid_format', message: 'malformed multipart body' }] });
  }
}

/**
 * Parses a multipart form with text fields and at most one image under `file`. A non-multipart
 * request answers 415; an unexpected file field or a second file answers 400.
 */
export async function readImageForm(
  request: FastifyRequest,
  maxBytes = LIMITS.uploadMaxBytes,
): Promise<{ fields: Record<string, string>; image: { buf: Buffer; type: ImageType } | null }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
  const fields: Record<string, string> = {};
  let image: { buf: Buffer; type: ImageType } | null = null;
  for await (const part of formParts(request, maxBytes)) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw fieldError(part.fieldname, 'Unknown file field', 'unrecognized_keys');
      }
      image = await readImageUpload(part, maxBytes);
    } else {
      fields[part.fieldname] = safeFormField(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
    }
  }
  return { fields, image };
}

/** Validates multipart text fields with a (strict) Zod schema; problems become field details. */
export function parseFormFields<T extends ZodType>(schema: T, fields: Record<string, string>): zInfer<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  throw new AppError('VALIDATION_FAILED', undefined, {
    fields: result.error.issues.map((i) => ({
      path: ['body', ...i.path.map(String), ...(i.code === 'unrecognized_keys' ? [i.keys.join(',')] : [])].join('.'),
      code: i.code,
      message: i.message,
    })),
  });
}

/** A document type by content: PDF, legacy Word (OLE), DOCX (zip with word/), or CSV text. */
export function detectDocumentType(buf: Buffer): 'application/pdf' | 'application/msword' | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' | 'text/csv' | null {
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'application/msword';
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04 && buf.includes(Buffer.from('word/'))) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  // CSV: valid UTF-8 text without NUL bytes and with a delimiter on the first line.
  if (!buf.includes(0) && Buffer.from(buf.toString('utf8'), 'utf8').equals(buf)) {
    const firstLine = buf.toString('utf8').split(/\r?\n/, 1)[0] ?? '';
    if (/[,;\t]/.test(firstLine)) return 'text/csv';
  }
  return null;
}

/** Parses a multipart form with text fields and one file under `file` (any type; size-limited: 413). */
export async function readFileForm(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; file: { buf: Buffer; filename: string } | null }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
  const fields: Record<string, string> = {};
  let file: { buf: Buffer; filename: string } | null = null;
  for await (const part of formParts(request, maxBytes)) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw fieldError(part.fieldname, 'Unknown file field', 'unrecognized_keys');
      }
      const buf = await part.toBuffer();
      if (part.file.truncated || buf.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${Math.round(maxBytes / 1048576)} MB`);
      if (buf.length === 0) throw fieldError('file', 'The file is empty', 'required');
      file = { buf, filename: safeFormField('file.filename', part.filename || 'upload') };
    } else {
      fields[part.fieldname] = safeFormField(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
    }
  }
  return { fields, file };
}

/** mp4 (an ISO box `ftyp` at offset 4) or avi (`RIFF....AVI `), by content. */
export function detectVideoType(buf: Buffer): 'video/mp4' | 'video/x-msvideo' | null {
  if (buf.length >= 12 && buf.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'AVI ') return 'video/x-msvideo';
  return null;
}

/** Any type the store keeps, by content: images (jpg, png, gif), videos (mp4, avi), documents (pdf, doc, docx, csv). */
export function detectStoredType(buf: Buffer): StoredType | null {
  if (buf.length >= 6 && buf.subarray(0, 6).toString('latin1').startsWith('GIF8')) return 'image/gif';
  return detectImageType(buf) ?? detectVideoType(buf) ?? detectDocumentType(buf);
}

export interface UploadedFile {
  buf: Buffer;
  filename: string;
  type: StoredType;
}

/**
 * Parses a multipart form with text fields and up to `maxFiles` files under `file`, each at most
 * `maxBytes` (413) and of a type `accept` allows by content (415 naming the field). Nothing is
 * stored here: the caller stores only once every file passed.
 */
export async function readUploadForm(
  request: FastifyRequest,
  opts: { maxBytes: number; maxFiles: number; accept: (type: StoredType) => boolean; typeMessage: string },
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: opts.maxFiles, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw fieldError(part.fieldname, 'Unknown file field', 'unrecognized_keys');
        }
        const buf = await part.toBuffer();
        if (part.file.truncated || buf.length > opts.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The file must be at most ${Math.round(opts.maxBytes / 1048576)} MB`, { fields: [{ path: 'file', code: 'too_big', message: `at most ${Math.round(opts.maxBytes / 1048576)} MB` }] });
        if (buf.length === 0) throw fieldError('file', 'The file is empty', 'required');
        const type = detectStoredType(buf);
        if (!type || !opts.accept(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', opts.typeMessage, { fields: [{ path: 'file', code: 'type', message: opts.typeMessage }] });
        files.push({ buf, filename: safeFormField('file.filename', part.filename || 'upload'), type });
      } else {
        fields[part.fieldname] = safeFormField(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && ('code' in err || 'statusCode' in err))) throw err;
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read', { fields: [{ path: 'body', code: 'invalid_format', message: 'malformed multipart body' }] });
  }
  if (files.length === 0) throw fieldError('file', 'A file is required', 'required');
  return { fields, files };
}
