/** Download (GET → Blob, progress) and upload (multipart POST, progress) of docs/contract.md "The calls". */
import { errors } from './errors'
import { execute, type HttpResponse, type RequestOptions } from './client'
import { xhrTransport, fetchTransport, type TransferProgress } from './transport'

type TransferBase = Omit<RequestOptions, 'method' | 'data' | 'responseType' | 'onProgress'> & {
  onProgress?: (p: TransferProgress) => void
}

export type DownloadOptions = TransferBase & { data?: Record<string, unknown> }

/** GET with a Blob result; progress as the body streams in; 602001 when the network fails. */
export function download(opts: DownloadOptions): Promise<HttpResponse<Blob>> {
  return execute<Blob>({ ...opts, method: 'GET', responseType: 'blob' }, fetchTransport, errors.transfer)
}

/** A file part: a Blob/File, or a URL to read it from (a blob: or object URL). */
export type UploadFile = { name: string; filename?: string } & ({ file: Blob } | { uri: string })

export type UploadOptions = TransferBase & {
  files: UploadFile[]
  /** Plain form fields sent beside the files. */
  formData?: Record<string, string | number | boolean>
}

async function readable(part: UploadFile): Promise<Blob> {
  try {
    const blob = 'file' in part ? part.file : await (await fetch(part.uri)).blob()
    // A File whose disk copy went away (or was revoked) only fails when read.
    await blob.slice(0, 1).arrayBuffer()
    return blob
  } catch {
    throw errors.file()
  }
}

/** Multipart POST of file parts plus form fields; 'file error' when a file cannot be read; 602001 on a network failure. */
export async function upload<T = unknown>(opts: UploadOptions): Promise<HttpResponse<T>> {
  const { files, formData, ...rest } = opts
  const blobs = await Promise.all(files.map(readable))
  const form = new FormData()
  for (const [k, v] of Object.entries(formData ?? {})) form.append(k, String(v))
  files.forEach((part, i) => {
    const blob = blobs[i] as Blob
    const filename = part.filename ?? (blob instanceof File ? blob.name : part.name)
    form.append(part.name, blob, filename)
  })
  return execute<T>({ ...rest, method: 'POST', data: form }, xhrTransport, errors.transfer)
}
