/**
 * 0003_content: what students read and make — media files, books, reading records, works (opus),
 * published tasks and sounds. Every shareable row carries its owner, a `shareable` flag (0/1) and a
 * `deleted_at` tombstone, so a public link answers only while the owner shares it. Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const content: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('media')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_user_id', 'text')
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('duration_ms', 'integer')
      .addColumn('storage', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('books')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('cover_media_id', 'text', (c) => c.references('media.id'))
      .addColumn('total_pages', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('reading_records')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('book_id', 'text', (c) => c.notNull().references('books.id'))
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addColumn('tz_offset_min', 'integer', (c) => c.notNull())
      .addColumn('minutes', 'integer', (c) => c.notNull())
      .addColumn('pages', 'integer', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('shareable', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('reading_records_student_time').on('reading_records').columns(['student_id', 'read_at']).execute()
    await db.schema
      .createTable('works')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (c) => c.references('orgs.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('cover_media_id', 'text', (c) => c.references('media.id'))
      .addColumn('images', 'text', (c) => c.notNull())
      .addColumn('audio_media_id', 'text', (c) => c.references('media.id'))
      .addColumn('shareable', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('works_student_time').on('works').columns(['student_id', 'created_at']).execute()
    await db.schema
      .createTable('tasks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', (c) => c.notNull().references('orgs.id'))
      .addColumn('publisher_user_id', 'text')
      .addColumn('publisher_name', 'text', (c) => c.notNull())
      .addColumn('class_name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('brief', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint')
      .addColumn('attachments', 'text', (c) => c.notNull())
      .addColumn('shareable', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('sounds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('audio_media_id', 'text', (c) => c.notNull().references('media.id'))
      .addColumn('cover_media_id', 'text', (c) => c.references('media.id'))
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('shareable', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sounds_student_time').on('sounds').columns(['student_id', 'created_at']).execute()
  },
  async down(db: AnyDb) {
    for (const t of ['sounds', 'tasks', 'works', 'reading_records', 'books', 'media']) await db.schema.dropTable(t).execute()
  },
}
