/**
 * Modal dialogs callable outside React: `showModal()` resolves with the user's choice. Dialogs asked for
 * while one is open wait their turn, so no answer is lost.
 */
import { proxy, useSnapshot } from 'valtio'

export interface ModalOptions {
  title?: string
  content: string
  /** Defaults to 'OK' / '确定' in the current language. */
  confirmText?: string
  /** Defaults to 'Cancel' / '取消' in the current language. */
  cancelText?: string
  showCancel?: boolean
}

export interface ModalResult {
  confirm: boolean
  cancel: boolean
}

export interface OpenModal extends ModalOptions {
  id: number
}

export const modalState = proxy<{ queue: OpenModal[] }>({ queue: [] })

const resolvers = new Map<number, (r: ModalResult) => void>()
let nextId = 1

export function showModal(options: ModalOptions): Promise<ModalResult> {
  const id = nextId++
  return new Promise((resolve) => {
    resolvers.set(id, resolve)
    modalState.queue.push({ showCancel: true, ...options, id })
  })
}

/** Closes the dialog `id` with the user's answer and opens the next one waiting. */
export function answerModal(id: number, confirm: boolean): void {
  const index = modalState.queue.findIndex((m) => m.id === id)
  if (index < 0) return
  modalState.queue.splice(index, 1)
  const resolve = resolvers.get(id)
  resolvers.delete(id)
  resolve?.({ confirm, cancel: !confirm })
}

export const useCurrentModal = (): OpenModal | undefined => useSnapshot(modalState).queue[0] as OpenModal | undefined

/** Tests: every open dialog is cancelled. */
export function reset(): void {
  for (const m of [...modalState.queue]) answerModal(m.id, false)
}
