/**
 * The writes the outbox can hold, and how each is sent. Every step carries its own Idempotency-Key, so a
 * replay of a step that already landed answers what it answered the first time.
 */
import type { Envelope } from '../../contract'
import type { ProfileBody } from '../../contract/api'
import { CALLS } from '../../contract/calls'
import { CARD_AUDIO_UPLOAD_PATH, type CardCreateBody, type CardCreated, type CardAudioUploaded } from '../../contract/cards'
import { IDEMPOTENCY_HEADER } from '../../contract/idempotency'
import type { OwnerReport, ReportUpdateBody } from '../../contract/report'
import type { TaskAssign, TaskAssigned, TaskDone, TaskRead } from '../../contract/tasks'
import { call, upload, type TransferProgress } from '../http'


/** A Mother's Day card; with a recording it is two writes, the card waiting for the upload's id. */
export interface CardPayload {
  kind: 'card'
  body: Omit<CardCreateBody, 'audioId'>
  key: string
  audio?: { blob: Blob; durationMs: number; key: string; audioId?: string }
}

/** The report's share setting and hidden slides (the body holds whole values, so a later one may replace an earlier one). */
export interface ReportPayload {
  kind: 'report'
  reportId: string
  body: ReportUpdateBody
  key: string
}

/** A class task marked done. */
export interface TaskDonePayload {
  kind: 'taskDone'
  taskId: string
  key: string
}

/** The signed-in student's profile edit (name, grade, class); a later one replaces an earlier one. */
export interface ProfilePayload {
  kind: 'profile'
  body: ProfileBody
  key: string
}

/** One of the student's cards deleted, with its recording (My cards: freeing space). */
export interface CardDeletePayload {
  kind: 'cardDelete'
  cardId: string
  key: string
}

/** A class task opened by a student: counts as read for the teacher's progress (a repeat keeps the first time). */
export interface TaskReadPayload {
  kind: 'taskRead'
  taskId: string
  key: string
}

/** A teacher's task for one class (several classes: one item each, each with its own key). */
export interface AssignTaskPayload {
  kind: 'assignTask'
  body: TaskAssign
  key: string
}

export type OutboxPayload = CardPayload | ReportPayload | TaskDonePayload | ProfilePayload | CardDeletePayload | TaskReadPayload | AssignTaskPayload
export type SendResult = CardCreated | OwnerReport | TaskDone | ProfileBody | TaskRead | TaskAssigned | null

export interface SendOptions {
  onProgress?: (p: TransferProgress) => void
}

type Sender<P> = (payload: P, stepDone: (next: P) => void | Promise<void>, opts?: SendOptions) => Promise<SendResult>

const extOf = (type: string) => (type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : type.includes('mpeg') ? 'mp3' : type.includes('wav') ? 'wav' : 'webm')

const sendCard: Sender<CardPayload> = async (p, stepDone, opts) => {
  let audioId = p.audio?.audioId
  if (p.audio && !audioId) {
    const res = await upload<Envelope<CardAudioUploaded>>({
      url: CARD_AUDIO_UPLOAD_PATH,
      auth: true,
      loading: false,
      header: { [IDEMPOTENCY_HEADER]: p.audio.key },
      files: [{ name: 'audio', file: p.audio.blob, filename: `message.${extOf(p.audio.blob.type)}` }],
      formData: { durationMs: Math.max(1, Math.round(p.audio.durationMs)) },
      onProgress: opts?.onProgress,
    })
    audioId = res.data.data.audioId
    await stepDone({ ...p, audio: { ...p.audio, audioId } })
  }
  return call(CALLS.createCard, { body: { ...p.body, ...(audioId ? { audioId } : {}) }, header: { [IDEMPOTENCY_HEADER]: p.key } })
}

const sendReport: Sender<ReportPayload> = async (p) => {
  return call(CALLS.updateReport, { params: { id: p.reportId }, body: p.body, header: { [IDEMPOTENCY_HEADER]: p.key } })
}

const sendTaskDone: Sender<TaskDonePayload> = async (p) => call(CALLS.taskDone, { params: { id: p.taskId }, header: { [IDEMPOTENCY_HEADER]: p.key } })

const sendTaskRead: Sender<TaskReadPayload> = async (p) => call(CALLS.taskRead, { params: { id: p.taskId }, header: { [IDEMPOTENCY_HEADER]: p.key } })

// The teacher's part of the route table stays out of the students' chunks: loaded when a teacher's task is sent.
const sendAssignTask: Sender<AssignTaskPayload> = async (p) => {
  const { TEACHER } = await import('../../contract/teacher')
  return call(TEACHER.assignTask, { body: p.body, header: { [IDEMPOTENCY_HEADER]: p.key } })
}

const sendProfile: Sender<ProfilePayload> = async (p) => call(CALLS.updateProfile, { body: p.body, header: { [IDEMPOTENCY_HEADER]: p.key } })

const sendCardDelete: Sender<CardDeletePayload> = async (p) => call(CALLS.cardDelete, { params: { id: p.cardId }, header: { [IDEMPOTENCY_HEADER]: p.key } })

export const SENDERS: { [K in OutboxPayload['kind']]: Sender<Extract<OutboxPayload, { kind: K }>> } = {
  card: sendCard,
  report: sendReport,
  taskDone: sendTaskDone,
  profile: sendProfile,
  cardDelete: sendCardDelete,
  taskRead: sendTaskRead,
  assignTask: sendAssignTask,
}
