/**
 * The wire: one request out, one response back, or a RequestError for no response (network, time-out,
 * abort). fetch for requests and downloads (streamed, for progress); XMLHttpRequest for uploads, the one
 * browser API that reports upload progress.
 */
import { errors, type RequestError } from './errors'

export interface TransferProgress {
  loaded: number
  /** 0 when the size is unknown. */
  total: number
  /** 0–100; 0 while the size is unknown. */
  progress: number
}

export type ResponseType = 'text' | 'arraybuffer' | 'blob'

export interface WireRequest {
  url: string
  method: string
  headers: Record<string, string>
  /** Never a stream: both transports send it. */
  body?: string | FormData | Blob | URLSearchParams
  timeout: number
  signal?: AbortSignal
  withCredentials?: boolean
  /** 'json' parses a text body (and falls back to the text when it is not JSON). */
  dataType: 'json' | 'text'
  responseType: ResponseType
  onProgress?: (p: TransferProgress) => void
  /** The error for "no response": request:fail for requests, 602001 for downloads and uploads. */
  networkError: () => RequestError
}

export interface WireResponse {
  statusCode: number
  /** Where the answer came from after redirects, when the transport knows. */
  url?: string
  /** Lower-case names. */
  header: Record<string, string>
  data: unknown
}

export type Transport = (req: WireRequest) => Promise<WireResponse>

const progressOf = (loaded: number, total: number): TransferProgress => ({
  loaded,
  total,
  progress: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0,
})

export function parse(text: string, dataType: WireRequest['dataType']): unknown {
  if (dataType !== 'json' || text === '') return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** Aborts on the caller's signal or after the time-out, and says which one it was. */
function deadline(req: WireRequest): { signal: AbortSignal; why: () => 'timeout' | 'aborted' | undefined; done: () => void } {
  const ctl = new AbortController()
  let reason: 'timeout' | 'aborted' | undefined
  const timer = setTimeout(() => {
    reason = 'timeout'
    ctl.abort()
  }, req.timeout)
  const onAbort = () => {
    reason ??= 'aborted'
    ctl.abort()
  }
  if (req.signal?.aborted) onAbort()
  else req.signal?.addEventListener('abort', onAbort, { once: true })
  return {
    signal: ctl.signal,
    why: () => reason,
    done: () => {
      clearTimeout(timer)
      req.signal?.removeEventListener('abort', onAbort)
    },
  }
}

async function readBlob(res: Response, onProgress?: (p: TransferProgress) => void): Promise<Blob> {
  const total = Number(res.headers.get('content-length') ?? 0) || 0
  const type = res.headers.get('content-type') ?? ''
  if (!res.body) return new Blob([], { type })
  const reader = res.body.getReader()
  const parts: Uint8Array<ArrayBuffer>[] = []
  let loaded = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(new Uint8Array(value))
    loaded += value.byteLength
    onProgress?.(progressOf(loaded, total))
  }
  return new Blob(parts, { type })
}

export const fetchTransport: Transport = async (req) => {
  const d = deadline(req)
  try {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: d.signal,
      credentials: req.withCredentials ? 'include' : 'same-origin',
    })
    const header: Record<string, string> = {}
    res.headers.forEach((v, k) => {
      header[k.toLowerCase()] = v
    })
    let data: unknown
    if (req.responseType === 'blob' && res.ok) data = await readBlob(res, req.onProgress)
    else if (req.responseType === 'arraybuffer' && res.ok) data = await res.arrayBuffer()
    else data = parse(await res.text(), req.dataType)
    return { statusCode: res.status, url: res.url || undefined, header, data }
  } catch {
    const why = d.why()
    throw why === 'timeout' ? errors.timeout() : why === 'aborted' ? errors.aborted() : req.networkError()
  } finally {
    d.done()
  }
}

function parseHeaders(raw: string): Record<string, string> {
  const header: Record<string, string> = {}
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const i = line.indexOf(':')
    if (i > 0) header[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
  }
  return header
}

export const xhrTransport: Transport = (req) =>
  new Promise<WireResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const d = deadline(req)
    const fail = (e: RequestError) => {
      d.done()
      reject(e)
    }
    xhr.open(req.method, req.url)
    for (const [k, v] of Object.entries(req.headers)) xhr.setRequestHeader(k, v)
    xhr.withCredentials = Boolean(req.withCredentials)
    xhr.upload.onprogress = (e) => req.onProgress?.(progressOf(e.loaded, e.lengthComputable ? e.total : 0))
    xhr.onload = () => {
      d.done()
      resolve({ statusCode: xhr.status, url: xhr.responseURL || undefined, header: parseHeaders(xhr.getAllResponseHeaders()), data: parse(xhr.responseText, req.dataType) })
    }
    xhr.onerror = () => fail(req.networkError())
    xhr.onabort = () => fail(d.why() === 'timeout' ? errors.timeout() : errors.aborted())
    d.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    if (d.signal.aborted) xhr.abort()
    else xhr.send(req.body ?? null)
  })
