/** A voice message through MediaRecorder, stopped at the time limit; the stream is released when done. */
import { useCallback, useEffect, useRef, useState } from 'react'

export type RecorderState =
  | { kind: 'idle' }
  | { kind: 'recording'; seconds: number }
  | { kind: 'recorded'; blob: Blob; durationMs: number; url: string }
  | { kind: 'denied' }
  | { kind: 'unsupported' }

const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4']

export function useRecorder(maxSeconds: number, initial: { blob: Blob; durationMs: number } | null) {
  const [state, setState] = useState<RecorderState>(() => (initial ? { kind: 'recorded', ...initial, url: URL.createObjectURL(initial.blob) } : { kind: 'idle' }))
  const recorder = useRef<MediaRecorder | null>(null)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  const urlRef = useRef<string | null>(state.kind === 'recorded' ? state.url : null)

  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current)
    timer.current = null
  }

  const stop = useCallback(() => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop()
  }, [])

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'unsupported' })
      return
    }
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    } catch {
      setState({ kind: 'denied' })
      return
    }
    const mimeType = TYPES.find((t) => MediaRecorder.isTypeSupported(t))
    const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
    const chunks: Blob[] = []
    const began = performance.now()
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data)
    }
    rec.onstop = () => {
      stopTimer()
      stream.getTracks().forEach((t) => t.stop())
      const durationMs = Math.min(performance.now() - began, maxSeconds * 1000)
      const blob = new Blob(chunks, { type: rec.mimeType || 'audio/webm' })
      if (urlRef.current) URL.revokeObjectURL(urlRef.current)
      const url = URL.createObjectURL(blob)
      urlRef.current = url
      setState({ kind: 'recorded', blob, durationMs, url })
    }
    recorder.current = rec
    rec.start(250)
    setState({ kind: 'recording', seconds: 0 })
    timer.current = setInterval(() => {
      const seconds = Math.floor((performance.now() - began) / 1000)
      if (seconds >= maxSeconds) rec.stop()
      else setState({ kind: 'recording', seconds })
    }, 250)
  }, [maxSeconds])

  const attach = useCallback((blob: Blob, durationMs: number) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current)
    const url = URL.createObjectURL(blob)
    urlRef.current = url
    setState({ kind: 'recorded', blob, durationMs, url })
  }, [])

  const clear = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current)
    urlRef.current = null
    setState({ kind: 'idle' })
  }, [])

  useEffect(
    () => () => {
      stopTimer()
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop()
    },
    [],
  )

  return { state, start, stop, attach, clear }
}

/** What the voice message controls are given: the recorder's state and its actions. */
export type Recorder = ReturnType<typeof useRecorder>
