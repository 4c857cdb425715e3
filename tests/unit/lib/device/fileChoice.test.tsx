import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  browserProbe,
  checkChosen,
  chooseCount,
  FILE_ERROR,
  inputAttributes,
  matchesKind,
  refusalMessages,
  VIDEO_MAX_DURATION,
  type ChooseRequest,
  type FileProbe,
} from '../../../../src/lib/device/fileChoice'
import { reset as resetApp, setLang } from '../../../../src/state/app'
import { FileChoice } from '../../../../src/ui/FileChoice/FileChoice'

const file = (name: string, type: string) => new File(['x'], name, { type })
/** A probe with per-name durations and unreadable names. */
const probe = (durations: Record<string, number> = {}, unreadable: string[] = []): FileProbe => ({
  canRead: async (f) => !unreadable.includes(f.name),
  videoDuration: async (f) => {
    const d = durations[f.name]
    if (d === undefined) throw new Error('no metadata')
    return d
  },
})

beforeEach(() => resetApp())
afterEach(cleanup)

describe('choose counts and input attributes', () => {
  it.each<[ChooseRequest, number, boolean, string | undefined]>([
    [{ kind: 'image' }, 9, true, 'image/*'],
    [{ kind: 'video' }, 100, true, 'video/*'],
    [{ kind: 'file' }, 100, true, undefined],
    [{ kind: 'image', count: 1 }, 1, false, 'image/*'],
    [{ kind: 'image', count: 2 }, 2, true, 'image/*'],
    [{ kind: 'video', count: 1 }, 1, false, 'video/*'],
    [{ kind: 'image', count: 0 }, 9, true, 'image/*'],
    [{ kind: 'image', count: -3 }, 9, true, 'image/*'],
    [{ kind: 'file', count: 3.7 }, 3, true, undefined],
    [{ kind: 'file', extensions: ['pdf', '.docx'] }, 100, true, '.pdf,.docx'],
  ])('%j → count %i, multiple %s, accept %s', (request, count, multiple, accept) => {
    expect(chooseCount(request)).toBe(count)
    expect(inputAttributes(request)).toEqual({ accept, multiple })
  })

  it.each<[string, string, ChooseRequest, boolean]>([
    ['a.png', 'image/png', { kind: 'image' }, true],
    ['a.mp4', 'video/mp4', { kind: 'image' }, false],
    ['a.mp4', 'video/mp4', { kind: 'video' }, true],
    ['a.png', 'image/png', { kind: 'video' }, false],
    ['a.PDF', 'application/pdf', { kind: 'file', extensions: ['pdf'] }, true],
    ['a.txt', 'text/plain', { kind: 'file', extensions: ['.pdf'] }, false],
    ['a.txt', 'text/plain', { kind: 'file' }, true],
  ])('%s (%s) for %j → %s', (name, type, request, ok) => {
    expect(matchesKind({ name, type }, request)).toBe(ok)
  })
})

describe('checkChosen', () => {
  it('video max duration is 60 s: 60 passes, 60.01 is refused as too long', async () => {
    expect(VIDEO_MAX_DURATION).toBe(60)
    const files = [file('ok.mp4', 'video/mp4'), file('long.mp4', 'video/mp4')]
    const out = await checkChosen(files, { kind: 'video' }, probe({ 'ok.mp4': 60, 'long.mp4': 60.01 }))
    expect(out.chosen.map((c) => [c.file.name, c.duration])).toEqual([['ok.mp4', 60]])
    expect(out.refused).toEqual([{ name: 'long.mp4', reason: 'too-long' }])
  })

  it('a video without a known duration is not proven too long', async () => {
    const out = await checkChosen([file('rec.webm', 'video/webm')], { kind: 'video' }, probe({ 'rec.webm': Number.POSITIVE_INFINITY }))
    expect(out.chosen).toHaveLength(1)
  })

  it("a file that cannot be read, or a video whose metadata cannot be read, is 'file error'", async () => {
    const images = await checkChosen([file('bad.png', 'image/png'), file('ok.png', 'image/png')], { kind: 'image' }, probe({}, ['bad.png']))
    expect(images.refused).toEqual([{ name: 'bad.png', reason: FILE_ERROR }])
    expect(images.chosen.map((c) => c.file.name)).toEqual(['ok.png'])
    const videos = await checkChosen([file('broken.mp4', 'video/mp4')], { kind: 'video' }, probe())
    expect(videos.refused).toEqual([{ name: 'broken.mp4', reason: 'file error' }])
  })

  it('keeps the first count files of the right kind, in order', async () => {
    const files = [file('a.png', 'image/png'), file('doc.pdf', 'application/pdf'), file('b.png', 'image/png'), file('c.png', 'image/png')]
    const out = await checkChosen(files, { kind: 'image', count: 2 }, probe())
    expect(out.chosen.map((c) => c.file.name)).toEqual(['a.png', 'b.png'])
    expect(out.refused).toEqual([
      { name: 'doc.pdf', reason: 'wrong-type' },
      { name: 'c.png', reason: 'over-count' },
    ])
  })

  it('ten images with the default count keep nine', async () => {
    const files = Array.from({ length: 10 }, (_, i) => file(`${i}.jpg`, 'image/jpeg'))
    const out = await checkChosen(files, { kind: 'image' }, probe())
    expect(out.chosen).toHaveLength(9)
    expect(out.refused).toEqual([{ name: '9.jpg', reason: 'over-count' }])
  })

  it("the browser probe says 'cannot read' when reading rejects", async () => {
    const unreadable = file('gone.png', 'image/png')
    vi.spyOn(unreadable, 'slice').mockReturnValue({ arrayBuffer: () => Promise.reject(new DOMException('NotReadableError')) } as unknown as Blob)
    expect(await browserProbe.canRead(unreadable)).toBe(false)
    expect(await browserProbe.canRead(file('ok.png', 'image/png'))).toBe(true)
  })

  it('says each kind of refusal once, in both languages', () => {
    const refused = [
      { name: 'a', reason: 'too-long' as const },
      { name: 'b', reason: 'too-long' as const },
      { name: 'c', reason: FILE_ERROR as typeof FILE_ERROR },
    ]
    expect(refusalMessages(refused, { kind: 'video' }, 'en')).toEqual([
      'The file could not be read (file error). Please choose another one',
      'Videos longer than 60 seconds cannot be chosen. Please choose another one',
    ])
    expect(refusalMessages([{ name: 'x', reason: 'over-count' }], { kind: 'image' }, 'zh-Hans')).toEqual(['最多可选 9 个，多出的已忽略'])
    expect(refusalMessages([], { kind: 'image' }, 'en')).toEqual([])
  })
})

describe('FileChoice', () => {
  it('sets accept and multiple on its input, reports kept files and shows refusals', async () => {
    act(() => setLang('en'))
    const onChoose = vi.fn()
    const onRefuse = vi.fn()
    render(
      <FileChoice kind="video" onChoose={onChoose} onRefuse={onRefuse} probe={probe({ 'short.mp4': 12, 'long.mp4': 61 })}>
        Choose a video
      </FileChoice>,
    )
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    expect(input.accept).toBe('video/*')
    expect(input.multiple).toBe(true)
    fireEvent.change(input, { target: { files: [file('short.mp4', 'video/mp4'), file('long.mp4', 'video/mp4')] } })
    await waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1))
    expect(onChoose.mock.calls[0]?.[0].map((c: { file: File }) => c.file.name)).toEqual(['short.mp4'])
    expect(onRefuse).toHaveBeenCalledWith(['Videos longer than 60 seconds cannot be chosen. Please choose another one'])
    expect(screen.getByRole('alert').textContent).toContain('longer than 60 seconds')
  })

  it('count 1 chooses a single file; the button opens the chooser', () => {
    render(
      <FileChoice kind="image" count={1} onChoose={() => {}}>
        Avatar
      </FileChoice>,
    )
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    expect(input.multiple).toBe(false)
    const click = vi.spyOn(input, 'click')
    fireEvent.click(screen.getByRole('button', { name: 'Avatar' }))
    expect(click).toHaveBeenCalledTimes(1)
  })
})
