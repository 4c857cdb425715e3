/**
 * 0013_classes: the class a student's tasks come from is the one a teacher of the organisation confirmed,
 * not the one the profile declares (docs/security.md, "Class membership").
 * - students.confirmed_grade / confirmed_class: the confirmed class, null until a teacher confirms one.
 *   Students from before this migration keep the class they had: it is confirmed as it stands.
 * Portable types only.
 */
import { sql, type Kysely, type Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const classes: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('students').addColumn('confirmed_grade', 'text').execute()
    await db.schema.alterTable('students').addColumn('confirmed_class', 'text').execute()
    await sql`update students set confirmed_grade = grade, confirmed_class = class_name`.execute(db)
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('students').dropColumn('confirmed_class').execute()
    await db.schema.alterTable('students').dropColumn('confirmed_grade').execute()
  },
}
